import type { ComponentType } from 'react'
import { ForgotChooserPage } from '../../features/auth/guest/ForgotChooserPage.tsx'
import { ForgotPasswordPage } from '../../features/auth/guest/ForgotPasswordPage.tsx'
import { ForgotUsernamePage } from '../../features/auth/guest/ForgotUsernamePage.tsx'
import { OtpVerifyPage } from '../../features/auth/guest/OtpVerifyPage.tsx'
import { signupStatusQuery } from '../../features/auth/queries.ts'
import { RecoverIdentityPage } from '../../features/auth/guest/RecoverIdentityPage.tsx'
import { recoveryStepReady } from '../../features/auth/guest/recovery-flow.ts'
import { RegisterPage } from '../../features/auth/guest/RegisterPage.tsx'
import { ResetPasswordPage } from '../../features/auth/guest/ResetPasswordPage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import type { accountPagePaths } from '../../shared/public-pages.ts'
import { signedInElsewhere } from '../guest-page.ts'
import { publicPage, type PublicPage } from '../public-page.ts'

type AccountPath = (typeof accountPagePaths)[number]

/** An account page: its screen, taken over as the other public pages are. */
const accountPage = (
  Screen: ComponentType,
  options: Pick<PublicPage<never>, 'elsewhere' | 'startsAtOnce'> & {
    load?: PublicPage<never>['load']
  } = {},
) =>
  publicPage<never>({
    load: async () => undefined,
    strings: ['account'],
    ...options,
    Page: function AccountRoute() {
      usePageTakeover()
      return <Screen />
    },
  })

/** A step of the password's recovery: for guests, after the steps before it in this tab. */
const recoveryStep = (Screen: ComponentType, path: keyof typeof recoveryStepReady) =>
  accountPage(Screen, {
    elsewhere: () =>
      signedInElsewhere() ?? (recoveryStepReady[path]() ? undefined : '/forgot-password'),
    startsAtOnce: true,
  })

/** Each of the staff account's guest pages (spec §4) by its path. */
export const accountPages: Record<AccountPath, PublicPage> = {
  '/register': accountPage(RegisterPage, {
    // Whether registering is open decides the whole page.
    load: (queryClient) => queryClient.ensureQueryData(signupStatusQuery()),
    elsewhere: signedInElsewhere,
  }),
  // Open to anyone, signed in or not (§2).
  '/forgot-username-password': accountPage(ForgotChooserPage),
  '/forgot-username': accountPage(ForgotUsernamePage, { elsewhere: signedInElsewhere }),
  // Starting again fills in the username given before in this tab, once the page is taken over.
  '/forgot-password': accountPage(ForgotPasswordPage, { elsewhere: signedInElsewhere }),
  '/recover-identity': recoveryStep(RecoverIdentityPage, '/recover-identity'),
  '/otp-verify': recoveryStep(OtpVerifyPage, '/otp-verify'),
  '/reset-password': recoveryStep(ResetPasswordPage, '/reset-password'),
}
