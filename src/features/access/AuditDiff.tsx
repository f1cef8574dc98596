import { Trans, useLingui } from '@lingui/react/macro'
import { auditFieldName, auditValue } from './audit-values.ts'

/** The fields a change touched, before and after; a creation or deletion shows one side. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { i18n } = useLingui()
  const show = (field: string, value: unknown) => auditValue(i18n, field, value)
  const b = (before ?? {}) as Record<string, unknown>
  const a = (after ?? {}) as Record<string, unknown>
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => show(key, b[key]) !== show(key, a[key]),
  )
  if (fields.length === 0) {
    return (
      <p className="muted">
        <Trans>No recorded details.</Trans>
      </p>
    )
  }
  return (
    <table className="table diff">
      <thead>
        <tr>
          <th>
            <Trans>Field</Trans>
          </th>
          <th>
            <Trans>Before</Trans>
          </th>
          <th>
            <Trans>After</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((key) => (
          <tr key={key}>
            <th scope="row">{auditFieldName(i18n, key)}</th>
            <td className="diff-before">{show(key, b[key])}</td>
            <td className="diff-after">{show(key, a[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
