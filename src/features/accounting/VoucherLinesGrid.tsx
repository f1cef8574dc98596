import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../components/form/Field.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useMoney } from '../../lib/use-money.ts'
import type { Account } from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { blankLine, type EntryFieldProps, type LineDraft } from './voucher-draft.ts'

type LineField = 'accountId' | 'debit' | 'credit' | 'memo'

/** A journal or contra voucher as an accountant enters it: its narration and its lines. */
export function VoucherLinesGrid({
  accounts,
  totalDebit,
  totalCredit,
  draft,
  errorOf,
  onChange,
  onVisit,
  focusFirst,
}: EntryFieldProps & {
  /** The accounts a line may post to: active leaves. */
  accounts: readonly Account[]
  totalDebit: number
  totalCredit: number
}) {
  const { t } = useLingui()
  const money = useMoney()
  const { lines } = draft
  const differenceText = money.format(Math.abs(totalDebit - totalCredit))
  const setLine = (id: string, field: LineField, value: string) =>
    onChange({ lines: lines.map((l) => (l.id === id ? { ...l, [field]: value } : l)) })
  const errorsOf = (line: LineDraft) => {
    const of = (field: string) => errorOf(`line.${line.id}.${field}`)
    return {
      accountId: of('accountId'),
      debit: of('debit'),
      credit: of('credit'),
      memo: of('memo'),
      line: of('line'),
    }
  }

  return (
    <>
      <Field
        label={t`Narration`}
        value={draft.narration}
        onChange={(e) => onChange({ narration: e.target.value })}
        onBlur={() => onVisit('narration')}
        error={errorOf('narration')}
        maxLength={500}
        // Emptied for the next voucher: the accountant types its narration straight away.
        autoFocus={focusFirst}
      />
      <div className="table-wrap">
        <table className="table voucher-lines-input">
          <caption className="visually-hidden">
            <Trans>Voucher lines</Trans>
          </caption>
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Account</Trans> },
                'debit',
                'credit',
                { label: <Trans>Memo</Trans> },
                { label: <Trans>Remove</Trans>, hidden: true },
              ]}
            />
          </thead>
          <tbody>
            {lines.map((line, i) => {
              const n = i + 1
              const err = errorsOf(line)
              const visit = (field: LineField) => () => onVisit(`line.${line.id}.${field}`)
              return (
                <tr key={line.id}>
                  <td>
                    <AccountSelect
                      accounts={accounts}
                      value={line.accountId}
                      onChange={(accountId) => setLine(line.id, 'accountId', accountId)}
                      onBlur={visit('accountId')}
                      placeholder={t`Choose an account`}
                      aria-label={t`Account, line ${n}`}
                      aria-invalid={Boolean(err.accountId)}
                    />
                    {err.accountId && <small className="field-error block">{err.accountId}</small>}
                    {err.line && <small className="field-error block">{err.line}</small>}
                  </td>
                  <td className="amount">
                    <input
                      inputMode="decimal"
                      aria-label={t`Debit, line ${n}`}
                      value={line.debit}
                      onChange={(e) => setLine(line.id, 'debit', e.target.value)}
                      onBlur={visit('debit')}
                      aria-invalid={Boolean(err.debit)}
                    />
                    {err.debit && <small className="field-error block">{err.debit}</small>}
                  </td>
                  <td className="amount">
                    <input
                      inputMode="decimal"
                      aria-label={t`Credit, line ${n}`}
                      value={line.credit}
                      onChange={(e) => setLine(line.id, 'credit', e.target.value)}
                      onBlur={visit('credit')}
                      aria-invalid={Boolean(err.credit)}
                    />
                    {err.credit && <small className="field-error block">{err.credit}</small>}
                  </td>
                  <td>
                    <input
                      aria-label={t`Memo, line ${n}`}
                      value={line.memo}
                      maxLength={200}
                      onChange={(e) => setLine(line.id, 'memo', e.target.value)}
                    />
                    {err.memo && <small className="field-error block">{err.memo}</small>}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button-link"
                      disabled={lines.length <= 2}
                      title={lines.length <= 2 ? t`A voucher has at least two lines.` : undefined}
                      aria-label={t`Remove line ${n}`}
                      onClick={() => onChange({ lines: lines.filter((l) => l.id !== line.id) })}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Totals</Trans>
              </th>
              <td className="amount" data-testid="total-debit">
                {money.format(totalDebit)}
              </td>
              <td className="amount" data-testid="total-credit">
                {money.format(totalCredit)}
              </td>
              <td colSpan={2} className={totalDebit !== totalCredit ? 'unbalanced' : 'balanced'}>
                <Trans>Difference: {differenceText}</Trans>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="toolbar">
        <button
          type="button"
          className="button"
          onClick={() => onChange({ lines: [...lines, blankLine()] })}
        >
          <Trans>Add line</Trans>
        </button>
      </div>
    </>
  )
}
