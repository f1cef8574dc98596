import { Trans, useLingui } from '@lingui/react/macro'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { FeeOverride } from '../../../shared/schemas/fee-setup.ts'
import { useRemoveFeeOverride } from './mutations.ts'
import { feeStructureQuery } from '../queries.ts'
import { feeHeadsQuery } from '../../../lib/fee-heads.ts'
import { feeOverridesQuery } from './queries.ts'

const OverrideDialog = lazy(() =>
  import('./OverrideDialog.tsx').then((m) => ({ default: m.OverrideDialog })),
)

const screen = '/students/$studentId'

/** On the student page: the fee heads this student pays differently from the class, or not at all. */
export function StudentFeeOverrides(props: {
  studentId: string
  studentName: string
}): ReactElement {
  const { studentId, studentName } = props
  const { t } = useLingui()
  const money = useMoney()
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const [{ data: overrides }, { data: heads }, { data: structure }] = [
    useSuspenseQuery(feeOverridesQuery({ studentId }, screen)),
    useSuspenseQuery(feeHeadsQuery(screen)),
    useSuspenseQuery(feeStructureQuery(screen)),
  ]
  const [adding, setAdding] = useState(false)
  const remove = useRemoveFeeOverride({
    onSuccess: () => showToast({ variant: 'success', title: t`Back to the class’s amount.` }),
    onError: (err) => toastUnlessFieldError(err, t`The fee was not changed`),
  })
  const canChange = ability.can('update', 'std-fee-config')
  const headName = (o: FeeOverride) => heads.data.find((h) => h.id === o.feeHeadId)?.name ?? ''
  const sessionName = (o: FeeOverride) =>
    structure.sessions.find((s) => s.id === o.academicSessionId)?.name ?? ''

  return (
    <section className="card" aria-labelledby="student-fee-overrides">
      <h2 id="student-fee-overrides">
        <Trans>Own fees</Trans>
      </h2>
      {overrides.data.length === 0 ? (
        <p className="muted">
          <Trans>This student pays the class’s amounts.</Trans>
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Own fees</Trans>
            </caption>
            <thead>
              <HeaderRow
                columns={[
                  { label: t`Fee head` },
                  { label: t`Session` },
                  { label: t`Pays` },
                  { label: t`Reason` },
                  canChange && { label: t`Actions` },
                ]}
              />
            </thead>
            <tbody>
              {overrides.data.map((o) => {
                const head = headName(o)
                return (
                  <tr key={o.id}>
                    <th scope="row">{head}</th>
                    <td>{sessionName(o)}</td>
                    <td>{o.amountMinor === null ? t`Left out` : money.format(o.amountMinor)}</td>
                    <td>{o.reason}</td>
                    {canChange && (
                      <td>
                        <button
                          type="button"
                          className="button-link"
                          disabled={remove.isPending}
                          onClick={() =>
                            remove.mutate({
                              studentIds: [studentId],
                              feeHeadId: o.feeHeadId,
                              academicSessionId: o.academicSessionId,
                            })
                          }
                        >
                          {t`Class amount for ${head}`}
                        </button>
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {canChange && (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          <Trans>Set an own fee</Trans>
        </button>
      )}
      {adding && (
        <Suspense fallback={null}>
          <OverrideDialog
            studentIds={[studentId]}
            forWhom={studentName}
            sessions={structure.sessions}
            heads={heads.data}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
    </section>
  )
}
