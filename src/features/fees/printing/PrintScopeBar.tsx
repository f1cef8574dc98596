import { useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { SelectField } from '../../../components/form/Field.tsx'
import type { InvoicePrintSearch } from '../../../shared/schemas/invoice-print-search.ts'
import { feeStructureQuery, paymentCyclesQuery } from '../queries.ts'

/** Options of items with an id and a name. */
const optionsOf = (items: { id: string; name: string }[]) =>
  items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ))

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
  const chosen = (value: string) => value || undefined
  return (
    <div className="card print-run-bar no-print">
      <SelectField
        label={t`Session`}
        value={sessionId}
        onChange={(e) =>
          onSearchChange({
            academicSessionId: chosen(e.target.value),
            periodId: undefined,
            sectionId: undefined,
            page: 1,
          })
        }
      >
        <option value="" />
        {optionsOf(data.sessions)}
      </SelectField>
      <SelectField
        label={t`Class`}
        value={search.classId ?? ''}
        onChange={(e) =>
          onSearchChange({ classId: chosen(e.target.value), sectionId: undefined, page: 1 })
        }
      >
        <option value="" />
        {optionsOf(data.classes)}
      </SelectField>
      <SelectField
        label={t`Section`}
        value={search.sectionId ?? ''}
        disabled={!sections.length}
        onChange={(e) => onSearchChange({ sectionId: chosen(e.target.value), page: 1 })}
      >
        <option value="">{t`All sections`}</option>
        {optionsOf(sections)}
      </SelectField>
      <SelectField
        label={t`Period`}
        value={search.periodId ?? ''}
        disabled={!cycles.data?.data.length}
        onChange={(e) => onSearchChange({ periodId: chosen(e.target.value), page: 1 })}
      >
        <option value="">{t`All periods`}</option>
        {cycles.data?.data.map((cycle) => (
          <optgroup key={cycle.id} label={cycle.name}>
            {optionsOf(cycle.periods)}
          </optgroup>
        ))}
      </SelectField>
    </div>
  )
}
