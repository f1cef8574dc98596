import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { session } from '../../lib/session.ts'
import { Icon } from '../icons.tsx'

export function UserMenu() {
  const { t } = useLingui()
  const user = session.isLoggedIn() ? session.userData() : undefined
  if (!user) {
    return (
      <Link to="/login" className="button button-primary">
        <Trans>Sign in</Trans>
      </Link>
    )
  }
  return (
    <div className="user-menu">
      {user.impersonatedBy && (
        <span className="impersonation-banner" role="status">
          <Trans>Acting as this user</Trans>
        </span>
      )}
      <Link to="/profile-password-change" className="user-name" title={t`Your account`}>
        <strong>{user.fullName}</strong>
        <small>{user.role}</small>
      </Link>
      <Link to="/logout" className="icon-button" aria-label={t`Sign out`} title={t`Sign out`}>
        <Icon name="logOut" />
      </Link>
    </div>
  )
}
