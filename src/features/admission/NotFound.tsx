import { Trans } from '@lingui/react/macro'
import { PageLink } from '../../components/PageLink.tsx'
import { StatusPage } from '../../components/status/StatusPage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { institutePagePath } from '../../shared/public-pages.ts'

export function InstituteNotFound() {
  usePageTakeover()
  return (
    <StatusPage code="404" title={<Trans>Institute not found</Trans>} testId="admission-not-found">
      <Trans>
        There is no institute at this address. Check the link you were given, or ask the institute
        for it.
      </Trans>
    </StatusPage>
  )
}

export function FormNotFound({ institute }: { institute: string }) {
  usePageTakeover()
  return (
    <StatusPage
      code="404"
      title={<Trans>Admission form not found</Trans>}
      testId="admission-not-found"
      actions={
        <PageLink href={institutePagePath(institute)} className="button button-primary">
          <Trans>See the open forms</Trans>
        </PageLink>
      }
    >
      <Trans>This form does not exist or is no longer published.</Trans>
    </StatusPage>
  )
}

export function ApplicationNotFound() {
  usePageTakeover()
  return (
    <StatusPage
      code="404"
      title={<Trans>Application not found</Trans>}
      testId="admission-not-found"
    >
      <Trans>
        We could not find an application at this address. Check that the link is exactly the one you
        received.
      </Trans>
    </StatusPage>
  )
}

/** No payment with the reference the address carries. */
export function PaymentNotFound() {
  usePageTakeover()
  return (
    <StatusPage code="404" title={<Trans>Payment not found</Trans>} testId="payment-outcome-status">
      <Trans>
        There is no payment with this reference. If you paid, your application shows it once the
        gateway confirms.
      </Trans>
    </StatusPage>
  )
}
