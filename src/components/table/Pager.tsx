import { Trans, useLingui } from '@lingui/react/macro'
import { useFormat } from '../../lib/format.ts'

const perPageChoices = [10, 25, 50, 100] as const

/** "21–30 of 57", the page size, and previous/next for a paged list. */
export function Pager({
  page,
  perPage,
  total,
  onChange,
}: {
  page: number
  perPage: number
  total: number
  onChange: (next: { page: number; perPage: number }) => void
}) {
  const { t } = useLingui()
  const { number } = useFormat()
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)
  const pages = Math.max(1, Math.ceil(total / perPage))
  const from = number(first)
  const to = number(last)
  const of = number(total)
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <span className="muted">
        <Trans>
          {from}–{to} of {of}
        </Trans>
      </span>
      <label>
        <Trans>Rows per page</Trans>{' '}
        <select
          value={perPage}
          onChange={(e) => onChange({ page: 1, perPage: Number(e.target.value) })}
        >
          {perPageChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onChange({ page: page - 1, perPage })}
      >
        <Trans>Previous</Trans>
      </button>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onChange({ page: page + 1, perPage })}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}
