import { useLingui } from '@lingui/react/macro'
import {
  builtAreas,
  grantableActions,
  permissionAreaNames,
  permissionAreas,
  type GrantableAction,
  type Permission,
} from '../../shared/permissions/catalogue.ts'
import type { RoleRule } from '../../shared/schemas/access.ts'
import { actionLabels, areaLabels, permissionLabels } from './labels.ts'

/** Which actions a role holds on each permission; `manage` counts as all of them. */
export type Grants = Partial<Record<Permission, GrantableAction[]>>

export function grantsOf(rules: RoleRule[]): Grants {
  const grants: Grants = {}
  for (const { action, subject } of rules) {
    const held = new Set(grants[subject])
    for (const a of action === 'manage' ? grantableActions : [action]) {
      if ((grantableActions as readonly string[]).includes(a)) held.add(a as GrantableAction)
    }
    grants[subject] = grantableActions.filter((a) => held.has(a))
  }
  return grants
}

/** Back to rules: all four actions on a permission are stored as one `manage`. */
export function rulesFromGrants(grants: Grants): RoleRule[] {
  return (Object.entries(grants) as [Permission, GrantableAction[]][]).flatMap(
    ([subject, held]): RoleRule[] =>
      held.length === grantableActions.length
        ? [{ action: 'manage' as const, subject }]
        : held.map((action) => ({ action, subject })),
  )
}

/**
 * Areas × actions: one row per permission under its area, one checkbox per action. Only the
 * built areas are shown; grants on the others pass through untouched, so saving keeps them.
 */
export function PermissionMatrix({
  grants,
  disabled,
  onChange,
}: {
  grants: Grants
  disabled: boolean
  onChange: (grants: Grants) => void
}) {
  const { i18n, t } = useLingui()
  const toggle = (subject: Permission, action: GrantableAction, on: boolean) => {
    const held = new Set(grants[subject])
    if (on) held.add(action)
    else held.delete(action)
    // Changing anything needs seeing it; no longer seeing it takes the rest away.
    if (on && action !== 'read') held.add('read')
    if (!on && action === 'read') held.clear()
    onChange({ ...grants, [subject]: grantableActions.filter((a) => held.has(a)) })
  }
  const toggleArea = (area: (typeof permissionAreaNames)[number], action: GrantableAction) => {
    const subjects = permissionAreas[area]
    const allOn = subjects.every((s) => grants[s]?.includes(action))
    let next = grants
    for (const s of subjects) {
      const held = new Set(next[s])
      if (allOn) {
        held.delete(action)
        if (action === 'read') held.clear()
      } else {
        held.add(action)
        held.add('read')
      }
      next = { ...next, [s]: grantableActions.filter((a) => held.has(a)) }
    }
    onChange(next)
  }
  return (
    <div className="table-wrap">
      <table className="table matrix">
        <thead>
          <tr>
            <th scope="col">{t`Permission`}</th>
            {grantableActions.map((a) => (
              <th key={a} scope="col">
                {i18n._(actionLabels[a])}
              </th>
            ))}
          </tr>
        </thead>
        {builtAreas.map((area) => (
          <tbody key={area}>
            <tr className="matrix-area">
              <th scope="rowgroup">{i18n._(areaLabels[area])}</th>
              {grantableActions.map((a) => {
                const action = i18n._(actionLabels[a])
                const areaName = i18n._(areaLabels[area])
                const label = t`${action}: all of ${areaName}`
                return (
                  <td key={a}>
                    <input
                      type="checkbox"
                      aria-label={label}
                      title={label}
                      disabled={disabled}
                      checked={permissionAreas[area].every((s) => grants[s]?.includes(a))}
                      onChange={() => toggleArea(area, a)}
                    />
                  </td>
                )
              })}
            </tr>
            {permissionAreas[area].map((subject) => (
              <tr key={subject}>
                <th scope="row">{i18n._(permissionLabels[subject])}</th>
                {grantableActions.map((a) => (
                  <td key={a}>
                    <input
                      type="checkbox"
                      aria-label={`${i18n._(permissionLabels[subject])}: ${i18n._(actionLabels[a])}`}
                      disabled={disabled}
                      checked={grants[subject]?.includes(a) ?? false}
                      onChange={(e) => toggle(subject, a, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}
