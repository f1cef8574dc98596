import * as v from 'valibot'
import { LoginPage } from '../../features/auth/LoginPage.tsx'
import { signupStatusQuery } from '../../features/auth/queries.ts'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { signedInElsewhere } from '../guest-page.ts'
import { publicPage } from '../public-page.ts'

export default publicPage<never, { redirect?: string | undefined }>({
  search: v.object({ redirect: v.optional(v.string()) }),
  // Whether visitors may create an account: part of the page, so the link does not pop in.
  load: (queryClient) => queryClient.ensureQueryData(signupStatusQuery()).catch(() => {}),
  elsewhere: signedInElsewhere,
  Page: function LoginRoute({ search }) {
    usePageTakeover()
    return <LoginPage redirect={search.redirect} />
  },
})
