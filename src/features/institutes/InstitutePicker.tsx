import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useAbility } from '../../lib/ability.ts'
import { session } from '../../lib/session.ts'
import { chosenInstitute } from '../../lib/working-institute.ts'
import { instituteOptionsQuery } from './queries.ts'
import { useSwitchInstitute } from './use-switch-institute.ts'
import './institutes.css'

/**
 * The top bar's institute picker, for platform administrators only: which institute this tab
 * works in (README "Tenancy"), kept for the tab and forgotten at sign-out.
 */
export function InstitutePicker() {
  // Re-rendered when the session changes (sign-in, sign-out, impersonation).
  useAbility()
  const user = session.isLoggedIn() ? session.userData() : undefined
  if (!user?.platformAdmin || !user.institute) return null
  return <Picker own={user.institute} />
}

function Picker({ own }: { own: { id: string; name: string } }) {
  const { t } = useLingui()
  const id = useId()
  const switchTo = useSwitchInstitute()
  const { data } = useQuery(instituteOptionsQuery())
  const chosen = chosenInstitute()
  const current = chosen ?? own
  const options = data?.data ?? []
  const workingName = current.name
  return (
    <div className={chosen ? 'institute-picker institute-picker-elsewhere' : 'institute-picker'}>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Working in institute</Trans>
      </label>
      <select
        id={id}
        value={current.id}
        title={t`Working in ${workingName}`}
        onChange={(e) => {
          const picked = options.find((o) => o.id === e.target.value)
          switchTo(picked)
        }}
      >
        {!options.some((o) => o.id === current.id) && (
          <option value={current.id}>{current.name}</option>
        )}
        {options.map(({ id, name, status }) => (
          <option key={id} value={id}>
            {id === own.id ? t`${name} (yours)` : name}
            {status === 'suspended' ? ` — ${t`suspended`}` : ''}
          </option>
        ))}
      </select>
      {chosen && (
        <span className="visually-hidden" role="status">
          <Trans>Working in {workingName}</Trans>
        </span>
      )}
    </div>
  )
}
