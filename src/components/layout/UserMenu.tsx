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
      <span className="user-name">
        <strong>{user.fullName}</strong>
        <small>{user.role}</small>
      </span>
      <Link to="/logout" className="icon-button" aria-label={t`Sign out`} title={t`Sign out`}>
        <Icon name="logOut" />
      </Link>
    </div>
  )
}
