import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { InvoicePrintSearch } from '../../shared/schemas/invoice-print.ts'
import { feeStructureQuery, paymentCyclesQuery } from './queries.ts'

/**
 * What a print run holds, chosen here and kept in the address: a session and a class, and
 * within them one section and one period if wanted (all of them otherwise).
 */
export function PrintScopeBar({
  search,
  onSearchChange,
}: {
  search: InvoicePrintSearch
  onSearchChange: (next: Partial<InvoicePrintSearch>) => void
}) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(feeStructureQuery('/invoice-prints'))
  const sessionId = search.academicSessionId ?? ''
  const cycles = useQuery({
    ...paymentCyclesQuery(sessionId, '/invoice-prints'),
    enabled: Boolean(sessionId),
  })
  const sections = data.sections.filter(
    (s) => s.academicSessionId === sessionId && s.classId === search.classId,
  )
  const ids = { session: useId(), klass: useId(), section: useId(), period: useId() }
  return (
    <div className="card print-run-bar no-print">
      <div className="field">
        <label htmlFor={ids.session}>
          <Trans>Session</Trans>
        </label>
        <select
          id={ids.session}
          value={sessionId}
          onChange={(e) =>
            onSearchChange({
              academicSessionId: e.target.value || undefined,
              periodId: undefined,
              sectionId: undefined,
              page: 1,
            })
          }
        >
          <option value="" />
          {data.sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.klass}>
          <Trans>Class</Trans>
        </label>
        <select
          id={ids.klass}
          value={search.classId ?? ''}
          onChange={(e) =>
            onSearchChange({ classId: e.target.value || undefined, sectionId: undefined, page: 1 })
          }
        >
          <option value="" />
          {data.classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.section}>
          <Trans>Section</Trans>
        </label>
        <select
          id={ids.section}
          value={search.sectionId ?? ''}
          disabled={!sections.length}
          onChange={(e) => onSearchChange({ sectionId: e.target.value || undefined, page: 1 })}
        >
          <option value="">{t`All sections`}</option>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.period}>
          <Trans>Period</Trans>
        </label>
        <select
          id={ids.period}
          value={search.periodId ?? ''}
          disabled={!cycles.data?.data.length}
          onChange={(e) => onSearchChange({ periodId: e.target.value || undefined, page: 1 })}
        >
          <option value="">{t`All periods`}</option>
          {cycles.data?.data.map((cycle) => (
            <optgroup key={cycle.id} label={cycle.name}>
              {cycle.periods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  )
}
