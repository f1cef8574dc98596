import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useAbility } from '../../lib/ability.ts'
import { stopImpersonation } from '../../lib/impersonation.ts'
import { session } from '../../lib/session.ts'
import { Icon } from '../icons.tsx'

export function UserMenu() {
  const { t } = useLingui()
  const navigate = useNavigate()
  // Re-rendered when the session changes (sign-in, impersonation, a role change).
  useAbility()
  const user = session.isLoggedIn() ? session.userData() : undefined
  if (!user) {
    return (
      <Link to="/login" className="button button-primary">
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  const name = user.fullName
  const stop = async () => {
    const back = await stopImpersonation()
    void navigate({ to: back ? '/access-control' : '/login', replace: true })
  }
  return (
    <div className="user-menu">
      {user.impersonatedBy && (
        <span className="impersonation-banner" role="status">
          <Trans>Acting as this user</Trans>{' '}
          <button type="button" className="button-link" onClick={() => void stop()}>
            <Trans>Stop acting as {name}</Trans>
          </button>
        </span>
      )}
      <Link to="/profile-password-change" className="user-name" title={t`Your account`}>
        <strong>{user.fullName}</strong>
        <small>{user.role}</small>
      </Link>
      <Link
        to="/saved-offline"
        className="icon-button"
        aria-label={t`Saved for offline`}
        title={t`Saved for offline`}
      >
        <Icon name="download" />
      </Link>
      <Link to="/logout" className="icon-button" aria-label={t`Sign out`} title={t`Sign out`}>
        <Icon name="logOut" />
      </Link>
    </div>
  )
}
