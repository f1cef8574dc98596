import { useLingui } from '@lingui/react/macro'
import { useServerErrors } from '../../lib/server-errors.ts'
import { useMoney } from '../../lib/use-money.ts'
import {
  CreateVoucherSchema,
  VoucherLineInputSchema,
  type CreateVoucher,
} from '../../shared/schemas/accounting.ts'
import { isMoneyVoucher, moneyVoucherLines, type VoucherDraft } from './voucher-draft.ts'

/**
 * A voucher draft read as what it will post: the body to send, its totals, and its errors by
 * the form's field names — `moneyAccountId`, `party`, `item.<id>.accountId|amount` for receipts
 * and payments; `narration`, `line.<id>.accountId|debit|credit|memo|line` for the lines; `date`,
 * `type`; `voucher` for the whole. `local` are this form's own checks (shown once a field was
 * left or a save tried), `server` the last refusal's placed on the fields it names, `unplaced`
 * the rest of it.
 */
export function useVoucherEntry(draft: VoucherDraft, refusal: unknown) {
  const { t } = useLingui()
  const money = useMoney()
  const { checkFields, fieldErrors } = useServerErrors()
  const moneyType = isMoneyVoucher(draft.type) ? draft.type : undefined
  const receipt = moneyType === 'receipt'

  const items = draft.items.map((item) => ({ ...item, parsed: money.parse(item.amount) }))
  const amounts = draft.lines.map((line) => ({
    debit: money.parse(line.debit),
    credit: money.parse(line.credit),
  }))
  const party = draft.party.trim()
  const details = draft.narration.trim()
  const body: CreateVoucher = {
    type: draft.type,
    date: draft.date,
    // The party is kept in the narration, where lists, ledgers and searches already show it.
    narration: !moneyType
      ? draft.narration
      : receipt
        ? details
          ? t`Received from ${party}: ${details}`
          : t`Received from ${party}`
        : details
          ? t`Paid to ${party}: ${details}`
          : t`Paid to ${party}`,
    lines: moneyType
      ? moneyVoucherLines(
          moneyType,
          draft.moneyAccountId,
          items.map(({ accountId, parsed, memo }) => ({ accountId, amount: parsed ?? 0, memo })),
        )
      : draft.lines.map((line, i) => ({
          accountId: line.accountId,
          debit: amounts[i]?.debit ?? 0,
          credit: amounts[i]?.credit ?? 0,
          memo: line.memo,
        })),
  }
  const totalDebit = body.lines.reduce((sum, l) => sum + (l.debit ?? 0), 0)
  const totalCredit = body.lines.reduce((sum, l) => sum + (l.credit ?? 0), 0)

  const example = money.toInput(125050)
  const amountHint = t`Enter an amount such as ${example}.`
  const schema = checkFields(CreateVoucherSchema, body)
  const local: Record<string, string> = {}
  const add = (field: string, message: string | undefined) => {
    if (message) local[field] ??= message
  }
  add('date', schema.date)
  add('type', schema.type)
  if (moneyType) {
    if (!draft.moneyAccountId) {
      add(
        'moneyAccountId',
        receipt
          ? t`Choose where the money was received.`
          : t`Choose where the money was paid from.`,
      )
    }
    if (!party) add('party', receipt ? t`Enter who paid.` : t`Enter who was paid.`)
    for (const item of items) {
      if (!item.accountId) add(`item.${item.id}.accountId`, t`Choose what it was for.`)
      if (item.parsed === undefined) add(`item.${item.id}.amount`, amountHint)
      else if (item.parsed === 0) add(`item.${item.id}.amount`, t`Enter the amount.`)
    }
  } else {
    add('narration', schema.narration)
    for (const [i, line] of draft.lines.entries()) {
      const own = checkFields(VoucherLineInputSchema, body.lines[i])
      const field = (name: string) => `line.${line.id}.${name}`
      add(field('accountId'), line.accountId ? own.accountId : t`Choose an account.`)
      if (amounts[i]?.debit === undefined) add(field('debit'), amountHint)
      if (amounts[i]?.credit === undefined) add(field('credit'), amountHint)
      add(field('memo'), own.memo)
      add(field('line'), own._)
    }
    const differenceText = money.format(Math.abs(totalDebit - totalCredit))
    add(
      'voucher',
      totalDebit === 0 && totalCredit === 0
        ? t`Enter the amounts: the voucher has none yet.`
        : totalDebit !== totalCredit
          ? t`Debits and credits differ by ${differenceText}: the voucher must balance before it can be saved.`
          : undefined,
    )
  }

  /** The form's field for a path of the request (`lines.2.credit`), if it has one. */
  const fieldOf = (path: string): string | undefined => {
    if (path === 'date' || path === 'type') return path
    if (path === 'narration') return moneyType ? 'party' : 'narration'
    const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(path)
    if (!match) return undefined
    const index = Number(match[1])
    const name = match[2]
    if (moneyType) {
      // Line 0 is the money account's; line i + 1 is item i.
      if (index === 0) return 'moneyAccountId'
      const item = draft.items[index - 1]
      return item && `item.${item.id}.${name === 'accountId' ? 'accountId' : 'amount'}`
    }
    const line = draft.lines[index]
    return line && `line.${line.id}.${name ?? 'line'}`
  }
  const server: Record<string, string> = {}
  const unplaced: string[] = []
  for (const [path, message] of Object.entries(fieldErrors(refusal))) {
    const field = fieldOf(path)
    if (field) server[field] ??= message
    else unplaced.push(message)
  }

  return { body, totalDebit, totalCredit, local, server, unplaced }
}
