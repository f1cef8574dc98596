import { Trans } from '@lingui/react/macro'

const show = (value: unknown) =>
  value === undefined || value === null
    ? '—'
    : Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)

/** The fields a change touched, before and after; a creation or deletion shows one side. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>
  const a = (after ?? {}) as Record<string, unknown>
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => show(b[key]) !== show(a[key]),
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
            <th scope="row">{key}</th>
            <td className="diff-before">{show(b[key])}</td>
            <td className="diff-after">{show(a[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
