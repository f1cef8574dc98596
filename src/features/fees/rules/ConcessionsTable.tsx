import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { Concession } from '../../../shared/schemas/fee-rules.ts'
import { concessionCategoryLabels, concessionStatusLabels } from '../fine-labels.ts'
import { percentInput } from '../../../lib/rate-text.ts'
import { useConcessionStep, type ConcessionStep } from './mutations.ts'
import { openConcessionDocument } from './queries.ts'

/**
 * The concessions listed, each with its document and, for whoever holds the approval right,
 * its next steps: approve or reject a requested one, revoke an approved one (a note asked for
 * the last two).
 */
export function ConcessionsTable({ concessions }: { concessions: Concession[] }): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const money = useMoney()
  const { toastUnlessFieldError } = useServerErrors()
  const step = useConcessionStep({
    onSuccess: (c) => {
      const name = c.studentName
      const status = i18n._(concessionStatusLabels[c.status])
      showToast({ variant: 'success', title: t`Concession of ${name}: ${status}.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The concession was not changed`),
  })
  const canDecide = ability.can('update', 'concession-approval')
  const open = (id: string) =>
    openConcessionDocument(id).catch((err: unknown) =>
      toastUnlessFieldError(err, t`The document could not be opened`),
    )
  const act = (c: Concession, s: ConcessionStep) => {
    let note = ''
    if (s !== 'approve') {
      note = window.prompt(s === 'reject' ? t`Why is it rejected?` : t`Why is it revoked?`) ?? ''
      if (!note.trim()) return
    }
    step.mutate({ id: c.id, step: s, note })
  }
  const termsText = (c: Concession) =>
    c.terms.kind === 'percent'
      ? `${percentInput(c.terms.rateBp, money.decimal)} %`
      : money.format(c.terms.amount)

  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <HeaderRow
            columns={[
              { label: t`Student` },
              { label: t`Fee head` },
              { label: t`Concession` },
              { label: t`Category` },
              { label: t`Status` },
              { label: t`Requested by` },
              { label: t`Actions` },
            ]}
          />
        </thead>
        <tbody>
          {concessions.map((c) => {
            const name = c.studentName
            return (
              <tr key={c.id}>
                <th scope="row">
                  {c.studentName} <small className="muted">{c.studentCode}</small>
                </th>
                <td>{c.feeHeadName ?? t`All heads`}</td>
                <td>{termsText(c)}</td>
                <td>{i18n._(concessionCategoryLabels[c.category])}</td>
                <td>{i18n._(concessionStatusLabels[c.status])}</td>
                <td>{c.requestedByName ?? ''}</td>
                <td>
                  {c.documentName && (
                    <>
                      <button
                        type="button"
                        className="button-link"
                        onClick={() => open(c.id)}
                        aria-label={t`Open the document of ${name}’s concession`}
                        title={c.documentName}
                      >
                        <Trans>Document</Trans>
                      </button>{' '}
                    </>
                  )}
                  {canDecide && c.status === 'requested' && (
                    <>
                      <button
                        type="button"
                        className="button-link"
                        onClick={() => act(c, 'approve')}
                        aria-label={t`Approve the concession of ${name}`}
                      >
                        <Trans>Approve</Trans>
                      </button>{' '}
                      <button
                        type="button"
                        className="button-link"
                        onClick={() => act(c, 'reject')}
                        aria-label={t`Reject the concession of ${name}`}
                      >
                        <Trans>Reject</Trans>
                      </button>
                    </>
                  )}
                  {canDecide && c.status === 'approved' && (
                    <button
                      type="button"
                      className="button-link"
                      onClick={() => act(c, 'revoke')}
                      aria-label={t`Revoke the concession of ${name}`}
                    >
                      <Trans>Revoke</Trans>
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
