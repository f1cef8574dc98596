import { Trans } from '@lingui/react/macro'
import { PageLink } from '../PageLink.tsx'
import { StatusPage } from './StatusPage.tsx'

const homeButton = (
  <PageLink href="/" className="button button-primary">
    <Trans>Back to home</Trans>
  </PageLink>
)

const retryButton = (
  <button
    type="button"
    className="button button-primary"
    onClick={() => window.location.assign('/')}
  >
    <Trans>Try again</Trans>
  </button>
)

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title={<Trans>Page not found</Trans>}
      actions={homeButton}
      testId="error-404"
    >
      <Trans>The page you asked for does not exist or has moved.</Trans>
    </StatusPage>
  )
}

export function ComingSoonPage() {
  return (
    <StatusPage title={<Trans>Coming soon</Trans>} actions={homeButton} testId="coming-soon">
      <Trans>We are working on this part of the system. It will be here shortly.</Trans>
    </StatusPage>
  )
}

export function NotAuthorizedPage() {
  return (
    <StatusPage
      code="403"
      title={<Trans>You are not authorized</Trans>}
      actions={homeButton}
      testId="not-authorized"
    >
      <Trans>
        Your role does not include permission to open this page. Ask your institute's administrator
        if you need it.
      </Trans>
    </StatusPage>
  )
}

export function UnderMaintenancePage() {
  return (
    <StatusPage
      title={<Trans>Under maintenance</Trans>}
      actions={retryButton}
      testId="under-maintenance"
    >
      <Trans>
        The system is being updated. Your work is safe; please try again in a few minutes.
      </Trans>
    </StatusPage>
  )
}

export function ConnectionErrorPage() {
  return (
    <StatusPage
      title={<Trans>Cannot reach the server</Trans>}
      actions={retryButton}
      testId="connection-error"
    >
      <Trans>Check your internet connection. Anything you have typed is kept on this device.</Trans>
    </StatusPage>
  )
}

export function ErrorPage() {
  return (
    <StatusPage
      code="500"
      title={<Trans>Something went wrong</Trans>}
      actions={retryButton}
      testId="error"
    >
      <Trans>An unexpected error stopped this page. It has been reported; please try again.</Trans>
    </StatusPage>
  )
}
