import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/icons.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { usePrintedAt } from '../../components/PrintHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useFormat } from '../../lib/format.ts'
import { currentInstitute } from '../../lib/working-institute.ts'
import { dayDate } from '../../lib/dates.ts'
import { amountInWords, wordLanguageOf } from '../../shared/amount-in-words.ts'
import { voucherTitles } from './labels.ts'
import { voucherQuery } from './queries.ts'
import { ReverseVoucherDialog } from './ReverseVoucherDialog.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useMoney } from '../../lib/use-money.ts'

/** /vouchers/$voucherId: one voucher, laid out to print and sign. */
export function VoucherPage({ voucherId }: { voucherId: string }): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const navigate = useNavigate()
  const { date } = useFormat()
  const money = useMoney()
  const { data: voucher } = useSuspenseQuery(voucherQuery(voucherId))
  const [reversing, setReversing] = useState(false)
  const institute = currentInstitute()?.name ?? ''
  const reference = voucher.reference
  const totalDebit = voucher.lines.reduce((sum, l) => sum + l.debit, 0)
  const totalCredit = voucher.lines.reduce((sum, l) => sum + l.credit, 0)
  const amount = money.format(voucher.total)
  const currency = money.currency
  const words = amountInWords(voucher.total, money.digits, wordLanguageOf(i18n.locale))
  const currencyName =
    new Intl.DisplayNames(i18n.locale, { type: 'currency' }).of(currency) ?? currency
  const printedAt = usePrintedAt()
  const { translate } = useServerErrors()
  const reverseBlocked = voucher.reversedById
    ? t`This voucher has already been reversed.`
    : voucher.reversesId
      ? t`A reversing voucher cannot itself be reversed.`
      : voucher.source !== 'manual'
        ? translate({ code: 'reversal_in_module', values: { source: voucher.source } })
        : undefined

  return (
    <div className="page voucher-page">
      <PageHeader
        className="no-print"
        back={
          <Link to="/vouchers">
            <Trans>All vouchers</Trans>
          </Link>
        }
        title={reference}
        actions={
          <div className="header-buttons">
            <button type="button" className="button" onClick={() => window.print()}>
              <Icon name="printer" /> <Trans>Print</Trans>
            </button>
            {ability.can('create', 'getVouchers') && (
              <span title={reverseBlocked}>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={Boolean(reverseBlocked)}
                  title={reverseBlocked}
                  onClick={() => setReversing(true)}
                >
                  <Trans>Reverse</Trans>
                </button>
              </span>
            )}
          </div>
        }
      />

      {voucher.reversedById && (
        <p className="notice reversal-link">
          <Trans>
            Reversed by <OtherVoucher voucherId={voucher.reversedById} />.
          </Trans>
        </p>
      )}
      {voucher.reversesId && (
        <p className="notice reversal-link">
          <Trans>
            Reverses <OtherVoucher voucherId={voucher.reversesId} />.
          </Trans>
        </p>
      )}

      <article className="card voucher-sheet" aria-label={t`Voucher ${reference}`}>
        <header className="voucher-sheet-header">
          <div>
            <p className="voucher-institute">{institute}</p>
            <h2>{i18n._(voucherTitles[voucher.type])}</h2>
          </div>
          <dl className="voucher-facts">
            <dt>
              <Trans>Reference</Trans>
            </dt>
            <dd>{reference}</dd>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{date(dayDate(voucher.date), 'long')}</dd>
            <dt>
              <Trans>Currency</Trans>
            </dt>
            <dd>{currency}</dd>
            <dt className="print-only">
              <Trans>Printed</Trans>
            </dt>
            <dd className="print-only">{printedAt}</dd>
          </dl>
        </header>
        <p className="voucher-narration">
          <strong>
            <Trans>Narration:</Trans>
          </strong>{' '}
          {voucher.narration}
        </p>
        <table className="table voucher-lines">
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>GL code</Trans> },
                { label: <Trans>Account</Trans> },
                { label: <Trans>Memo</Trans> },
                'debit',
                'credit',
              ]}
            />
          </thead>
          <tbody>
            {voucher.lines.map((line, i) => (
              <tr key={`${line.accountId}-${i}`}>
                <td className="gl-code">{line.glCode}</td>
                <td>{line.accountName}</td>
                <td>{line.memo}</td>
                <td className="amount">{line.debit ? money.format(line.debit) : ''}</td>
                <td className="amount">{line.credit ? money.format(line.credit) : ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>Total</Trans>
              </th>
              <td className="amount" data-testid="voucher-total-debit">
                {money.format(totalDebit)}
              </td>
              <td className="amount" data-testid="voucher-total-credit">
                {money.format(totalCredit)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="voucher-amount">
          <Trans>Amount: {amount}</Trans>
        </p>
        <p className="voucher-amount-words" data-testid="amount-in-words">
          <Trans>
            In words: {words} {currencyName}
          </Trans>
        </p>
        <div className="signatures">
          <div>
            {voucher.createdBy && <strong className="block">{voucher.createdBy}</strong>}
            <Trans>Prepared by</Trans>
          </div>
          <div>
            <Trans>Checked by</Trans>
          </div>
          <div>
            <Trans>Approved by</Trans>
          </div>
        </div>
      </article>

      {reversing && (
        <ReverseVoucherDialog
          voucher={voucher}
          onClose={() => setReversing(false)}
          onReversed={(reversal) => {
            setReversing(false)
            void navigate({ to: '/vouchers/$voucherId', params: { voucherId: reversal.id } })
          }}
        />
      )}
    </div>
  )
}

/** A link to a related voucher, named by its reference once it has loaded. */
function OtherVoucher({ voucherId }: { voucherId: string }) {
  const { t } = useLingui()
  const { data } = useQuery(voucherQuery(voucherId))
  return (
    <Link to="/vouchers/$voucherId" params={{ voucherId }}>
      {data?.reference ?? t`the other voucher`}
    </Link>
  )
}
