import { Trans } from '@lingui/react/macro'
import { PageLink } from '../../../components/PageLink.tsx'
import { AuthCard, BackToSignIn } from '../AuthCard.tsx'

export function ForgotChooserPage() {
  return (
    <AuthCard
      title={<Trans>Trouble signing in?</Trans>}
      intro={<Trans>Tell us what you have forgotten.</Trans>}
      footer={<BackToSignIn />}
    >
      <div className="choice-list">
        <PageLink href="/forgot-username" className="choice-card">
          <strong>
            <Trans>I forgot my username</Trans>
          </strong>
          <p className="muted">
            <Trans>We send it to your email address or mobile number.</Trans>
          </p>
        </PageLink>
        <PageLink href="/forgot-password" className="choice-card">
          <strong>
            <Trans>I forgot my password</Trans>
          </strong>
          <p className="muted">
            <Trans>We send you a code to set a new one.</Trans>
          </p>
        </PageLink>
      </div>
    </AuthCard>
  )
}
