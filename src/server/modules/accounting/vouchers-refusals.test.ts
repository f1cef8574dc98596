import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Voucher } from '../../../shared/schemas/accounting.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'
import { demoToday, fiscalYear, inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { rowsOf, voucherSuite, type VoucherSuite } from '../../test-support/vouchers.ts'
import { postVoucher, type PostingLine } from './posting.ts'

// What a voucher may not be: refused by the API, the posting service and the database.
describe('vouchers', () => {
  let t: TestApp
  let admin: string
  let leaf: VoucherSuite['leaf']
  let head: VoucherSuite['head']
  let journal: VoucherSuite['journal']
  voucherSuite((s) => ({ t, admin, leaf, head, journal } = s))

  it('refuses unbalanced, negative, fractional, one-sided and foreign lines, naming them', async () => {
    const cash = leaf('Cash in hand')
    const income = leaf('Tuition fee income')
    const unbalanced = await journal([
      { accountId: cash, debit: 100 },
      { accountId: income, credit: 99 },
    ])
    expect(unbalanced.status).toBe(422)
    expect(await unbalanced.json()).toMatchObject({
      errors: { lines: ['Debits and credits must be equal.'] },
    })
    const bad = await journal([
      { accountId: cash, debit: -5 },
      { accountId: income, credit: 10.5 },
      { accountId: income, debit: 3, credit: 3 },
    ])
    const { errors } = (await bad.json()) as { errors: Record<string, string[]> }
    expect(errors['lines.0.debit']).toEqual(['Amounts cannot be negative.'])
    expect(errors['lines.1.credit']).toEqual(['Amounts are whole minor units (no fractions).'])
    expect(errors['lines.2']).toEqual(['Each line is either a debit or a credit.'])

    const nonLeaf = await journal([
      { accountId: head('Cash'), debit: 100 },
      { accountId: income, credit: 100 },
    ])
    expect(await nonLeaf.json()).toMatchObject({
      errors: { 'lines.0.accountId': ['Only a leaf account takes postings.'] },
    })
    const other = await addInstitute(t, 'other-ledger')
    const [foreign] = rowsOf(
      await t.database.db.execute(
        sql`select id from accounts where institute_id = ${other.id} and name = 'Cash in hand'`,
      ),
    )
    const foreignLine = await journal([
      { accountId: foreign!.id, debit: 100 },
      { accountId: income, credit: 100 },
    ])
    expect(await foreignLine.json()).toMatchObject({
      errors: { 'lines.0.accountId': ['Unknown account.'] },
    })
    const unknown = await journal([
      { accountId: '00000000-0000-4000-8000-000000000000', debit: 100 },
      { accountId: income, credit: 100 },
    ])
    expect(unknown.status).toBe(422)
  })

  it('refuses an account on both the debit and the credit side, whoever posts', async () => {
    const cash = leaf('Cash in hand')
    const bothSides = [{ code: 'same_account_both_sides' }]
    const res = await journal([
      { accountId: cash, debit: 100 },
      { accountId: leaf('Fine income'), credit: 60 },
      { accountId: cash, credit: 40 },
    ])
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      message:
        'This account is already on the other side: a voucher cannot debit and credit the same account.',
      code: 'same_account_both_sides',
      errors: {
        'lines.2.accountId': [
          'This account is already on the other side: a voucher cannot debit and credit the same account.',
        ],
      },
      fields: { 'lines.2.accountId': bothSides },
    })
    // One account on several lines of the same side is fine.
    const split = await journal([
      { accountId: leaf('Gateway charges'), debit: 60 },
      { accountId: leaf('Gateway charges'), debit: 40 },
      { accountId: leaf('Opening balance equity'), credit: 100 },
    ])
    expect(split.status).toBe(201)

    // A module posting through the service, naming a purpose mapped to the same account.
    const [institute] = rowsOf(
      await t.database.db.execute(sql`select id from institutes where slug = 'demo-school'`),
    )
    const postDirectly = (lines: PostingLine[]) =>
      t.database.db.transaction((tx) =>
        postVoucher(tx, institute!.id, {
          type: 'receipt',
          date: demoToday(),
          narration: 'From another module',
          source: 'collection',
          lines,
        }),
      )
    await expect(
      postDirectly([
        { purpose: 'cash', debit: 100 },
        { accountId: cash, credit: 100 },
      ]),
    ).rejects.toMatchObject({
      status: 422,
      code: 'same_account_both_sides',
      extra: { fields: { 'lines.1.accountId': bothSides } },
    })
    await expect(
      postDirectly([
        { accountId: cash, debit: 100 },
        { purpose: 'cash', credit: 100 },
      ]),
    ).rejects.toMatchObject({ extra: { fields: { 'lines.1.purpose': bothSides } } })

    // One posted before the rule (written straight into the tables) can still be reversed.
    const charges = leaf('Gateway charges')
    const legacy = await t.database.db.transaction(async (tx) => {
      const [v] = rowsOf(
        await tx.execute(sql`insert into vouchers (institute_id, type, fiscal_year, number, date, narration)
          values (${institute!.id}, 'journal', ${fiscalYear()}, 9001, ${inFiscalYear(0, '08-15')}, 'Legacy no-op')
          returning id`),
      )
      await tx.execute(sql`insert into voucher_lines (voucher_id, institute_id, account_id, line_no, debit, credit)
        values (${v!.id}, ${institute!.id}, ${charges}, 1, 25, 0), (${v!.id}, ${institute!.id}, ${charges}, 2, 0, 25)`)
      return v!.id
    })
    const undone = await asUser(t, admin, 'POST', `/api/accounting/vouchers/${legacy}/reverse`, {
      date: inFiscalYear(0, '08-20'),
    })
    expect(undone.status).toBe(201)
    expect(await undone.json()).toMatchObject({
      reversesId: legacy,
      lines: [{ credit: 25 }, { debit: 25 }],
    })
  })

  it('keeps receipts, payments and contra vouchers to what their names say', async () => {
    const cash = leaf('Cash in hand')
    const bank = leaf('Main bank account')
    const receipt = await journal(
      [
        { accountId: leaf('Fee receivable'), debit: 10 },
        { accountId: leaf('Fine income'), credit: 10 },
      ],
      { type: 'receipt' },
    )
    expect(await receipt.json()).toMatchObject({
      errors: { lines: ['A receipt brings money in: debit a cash, bank or gateway account.'] },
    })
    const payment = await journal(
      [
        { accountId: cash, debit: 10 },
        { accountId: leaf('Fine income'), credit: 10 },
      ],
      { type: 'payment' },
    )
    expect(payment.status).toBe(422)
    const contra = await journal(
      [
        { accountId: bank, debit: 10 },
        { accountId: leaf('Fine income'), credit: 10 },
      ],
      { type: 'contra' },
    )
    expect(contra.status).toBe(422)
    // A gateway settling into the bank.
    const deposit = await journal(
      [
        { accountId: bank, debit: 10 },
        { accountId: leaf('Gateway clearing'), credit: 10 },
      ],
      { type: 'contra' },
    )
    expect(((await deposit.json()) as Voucher).reference).toBe(`CV-${fiscalYear()}-0001`)
  })

  it('the database itself rejects an unbalanced voucher and any change to a posted one', async () => {
    const db = t.database.db
    const [institute] = rowsOf(
      await db.execute(sql`select id from institutes where slug = 'demo-school'`),
    )
    // The drivers word it differently: PostgreSQL's own message is the error's or its cause's.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (err: Error) => `${err.message} ${String((err.cause as Error | undefined)?.message)}`,
      )
    const insertUnbalanced = db.transaction(async (tx) => {
      const [v] = rowsOf(
        await tx.execute(sql`insert into vouchers (institute_id, type, fiscal_year, number, date, narration)
          values (${institute!.id}, 'journal', 2030, 1, '2030-08-01', 'raw') returning id`),
      )
      await tx.execute(sql`insert into voucher_lines (voucher_id, institute_id, account_id, line_no, debit, credit)
        values (${v!.id}, ${institute!.id}, ${leaf('Cash in hand')}, 1, 100, 0),
               (${v!.id}, ${institute!.id}, ${leaf('Fine income')}, 2, 0, 90)`)
    })
    expect(await refusal(insertUnbalanced)).toMatch(/not balanced/)
    const alone = db.transaction(async (tx) => {
      await tx.execute(sql`insert into vouchers (institute_id, type, fiscal_year, number, date, narration)
        values (${institute!.id}, 'journal', 2030, 2, '2030-08-01', 'no lines')`)
    })
    expect(await refusal(alone)).toMatch(/not balanced/)
    expect(await refusal(db.execute(sql`update voucher_lines set debit = debit + 1`))).toMatch(
      /cannot be changed/,
    )
    expect(await refusal(db.execute(sql`delete from vouchers`))).toMatch(/cannot be changed/)
    // Nor can a posted voucher grow, even by a balanced pair of lines.
    const [posted] = rowsOf(await db.execute(sql`select id from vouchers limit 1`))
    const grow = db.transaction(async (tx) => {
      await tx.execute(sql`insert into voucher_lines (voucher_id, institute_id, account_id, line_no, debit, credit)
        values (${posted!.id}, ${institute!.id}, ${leaf('Cash in hand')}, 90, 5, 0),
               (${posted!.id}, ${institute!.id}, ${leaf('Fine income')}, 91, 0, 5)`)
    })
    expect(await refusal(grow)).toMatch(/only with their voucher/)
  })
})
