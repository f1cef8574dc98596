import type { CreateVoucher } from '../../shared/schemas/accounting.ts'
import type { VoucherType } from '../../shared/schemas/accounting-queries.ts'

/*
 * A voucher being entered, as typed. Journals and contras are entered as debit and credit
 * lines; receipts and payments as where the money went in or out, from or to whom, and what for
 * (the counter accounts with their amounts): their lines are built from that.
 */

/** A line of a journal or contra voucher. */
export interface LineDraft {
  id: string
  accountId: string
  debit: string
  credit: string
  memo: string
}

/** What a receipt was received for, or a payment paid for: an account and an amount. */
export interface ItemDraft {
  id: string
  accountId: string
  amount: string
  memo: string
}

export interface VoucherDraft {
  /** The Idempotency-Key of this voucher: a retried save does not post it twice. */
  key: string
  type: VoucherType
  date: string
  /** A journal's narration; a receipt's or payment's further details. */
  narration: string
  /** From whom a receipt came, to whom a payment went. */
  party: string
  /** The cash or bank account received into or paid from. */
  moneyAccountId: string
  items: ItemDraft[]
  lines: LineDraft[]
}

/** What the next voucher starts with: a cashier entering many keeps the type, day and till. */
export type DraftCarry = Pick<VoucherDraft, 'type' | 'date' | 'moneyAccountId'>

/** What the fields of an entry form need: its errors, and where changes and visits go. */
export interface EntryFieldProps {
  draft: VoucherDraft
  /** The field's error, once it is to be shown (after a visit or a save). */
  errorOf: (field: string) => string | undefined
  onChange: (patch: Partial<VoucherDraft>) => void
  /** The user left a field: its errors may show from now on. */
  onVisit: (field: string) => void
  /** Focus the first field: the form was just emptied for the next voucher. */
  focusFirst: boolean
}

const newId = () => crypto.randomUUID()

export const blankLine = (): LineDraft => ({
  id: newId(),
  accountId: '',
  debit: '',
  credit: '',
  memo: '',
})

export const blankItem = (): ItemDraft => ({ id: newId(), accountId: '', amount: '', memo: '' })

export const freshDraft = (carry: DraftCarry): VoucherDraft => ({
  ...carry,
  key: newId(),
  narration: '',
  party: '',
  items: [blankItem()],
  lines: [blankLine(), blankLine()],
})

/** Receipts and payments are entered as money in or out; the other types as lines. */
export const isMoneyVoucher = (type: VoucherType): type is 'receipt' | 'payment' =>
  type === 'receipt' || type === 'payment'

/** Whether anything was typed or changed since the draft was fresh: closing would lose it. */
export function isChanged(draft: VoucherDraft, carry: DraftCarry): boolean {
  return (
    draft.type !== carry.type ||
    draft.date !== carry.date ||
    draft.moneyAccountId !== carry.moneyAccountId ||
    draft.narration !== '' ||
    draft.party !== '' ||
    draft.items.length !== 1 ||
    draft.items.some((i) => i.accountId || i.amount || i.memo) ||
    draft.lines.length !== 2 ||
    draft.lines.some((l) => l.accountId || l.debit || l.credit || l.memo)
  )
}

/**
 * A receipt's or payment's lines: the money account takes the total on its side (debited when
 * money comes in, credited when it goes out), each item its amount on the other. Lines keep the
 * items' order after the money line, so that line i + 1 is item i.
 */
export function moneyVoucherLines(
  type: 'receipt' | 'payment',
  moneyAccountId: string,
  items: readonly { accountId: string; amount: number; memo: string }[],
): CreateVoucher['lines'] {
  const total = items.reduce((sum, item) => sum + item.amount, 0)
  const moneyIn = type === 'receipt'
  return [
    { accountId: moneyAccountId, ...(moneyIn ? { debit: total } : { credit: total }), memo: '' },
    ...items.map(({ accountId, amount, memo }) => ({
      accountId,
      ...(moneyIn ? { credit: amount } : { debit: amount }),
      memo,
    })),
  ]
}
