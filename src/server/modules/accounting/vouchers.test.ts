import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Voucher } from '../../../shared/schemas/accounting.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountIds } from '../../test-support/accounting.ts'
import { demoToday, fiscalYear, inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { postVoucher, type PostingLine } from './posting.ts'

/** The rows of a raw query, whichever driver ran it. */
const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows

describe('vouchers', () => {
  let t: TestApp
  let admin: string
  let leaf: (name: string) => string
  let head: (name: string) => string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    ;({ leaf, head } = await accountIds(t, admin))
  })

  const journal = (lines: object[], extra: object = {}, headers: Record<string, string> = {}) =>
    asUser(
      t,
      admin,
      'POST',
      '/api/accounting/vouchers',
      { type: 'journal', date: inFiscalYear(0, '08-10'), narration: 'Test entry', lines, ...extra },
      headers,
    )

  it('posts a balanced voucher with the next number of its type in the fiscal year', async () => {
    const lines = [
      { accountId: leaf('Cash in hand'), debit: 150000 },
      { accountId: leaf('Tuition fee income'), credit: 150000, memo: 'August tuition' },
    ]
    const first = await journal(lines, { type: 'receipt' })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      reference: `RV-${fiscalYear()}-0001`,
      fiscalYear: fiscalYear(),
      total: 150000,
      lines: [
        { glCode: '1010101001', debit: 150000 },
        { credit: 150000, memo: 'August tuition' },
      ],
    })
    // June belongs to the fiscal year that started the July before.
    const june = (await (
      await journal(lines, { type: 'receipt', date: inFiscalYear(0, '06-30') })
    ).json()) as Voucher
    expect(june.reference).toBe(`RV-${fiscalYear()}-0002`)
    const july = (await (
      await journal(lines, { type: 'receipt', date: inFiscalYear(1, '07-01') })
    ).json()) as Voucher
    expect(july.reference).toBe(`RV-${fiscalYear(1)}-0001`)
  })

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

  it('an Idempotency-Key makes a retry harmless and a different voucher under it a 409', async () => {
    const lines = [
      { accountId: leaf('Cash in hand'), debit: 700 },
      { accountId: leaf('Fine income'), credit: 700 },
    ]
    const key = { 'Idempotency-Key': 'retry-key-0001' }
    const first = (await (await journal(lines, {}, key)).json()) as Voucher
    const again = await journal(lines, {}, key)
    expect(again.status).toBe(201)
    expect(((await again.json()) as Voucher).id).toBe(first.id)
    const different = await journal(lines, { narration: 'Another' }, key)
    expect(different.status).toBe(409)
    // Sent twice at once: one voucher, the same answer to both.
    const both = await Promise.all(
      [1, 2].map(() =>
        journal(
          [
            { accountId: leaf('Fee receivable'), debit: 900 },
            { accountId: leaf('Exam fee income'), credit: 900 },
          ],
          { narration: 'Twice at once' },
          { 'Idempotency-Key': 'same-moment-01' },
        ),
      ),
    )
    const ids = await Promise.all(both.map(async (r) => ((await r.json()) as Voucher).id))
    expect(new Set(ids).size).toBe(1)
    const list = (await (
      await asUser(t, admin, 'GET', '/api/accounting/vouchers?q=Test entry&perPage=100')
    ).json()) as { data: Voucher[] }
    expect(list.data.filter((v) => v.id === first.id)).toHaveLength(1)
  })

  it('reverses a voucher once, linked both ways, and never a reversal', async () => {
    const lines = [
      { accountId: leaf('Salary expense'), debit: 2500000 },
      { accountId: leaf('Salary payable'), credit: 2500000 },
    ]
    const original = (await (
      await journal(lines, { narration: 'August salaries' })
    ).json()) as Voucher
    const res = await asUser(t, admin, 'POST', `/api/accounting/vouchers/${original.id}/reverse`, {
      date: inFiscalYear(0, '08-31'),
    })
    expect(res.status).toBe(201)
    const reversal = (await res.json()) as Voucher
    expect(reversal).toMatchObject({
      type: 'journal',
      reversesId: original.id,
      narration: `Reversal of ${original.reference}: August salaries`,
      lines: [{ credit: 2500000 }, { debit: 2500000 }],
    })
    const reread = (await (
      await asUser(t, admin, 'GET', `/api/accounting/vouchers/${original.id}`)
    ).json()) as Voucher
    expect(reread.reversedById).toBe(reversal.id)
    const twice = await asUser(
      t,
      admin,
      'POST',
      `/api/accounting/vouchers/${original.id}/reverse`,
      {
        date: inFiscalYear(0, '08-31'),
      },
    )
    expect(twice.status).toBe(409)
    const ofReversal = await asUser(
      t,
      admin,
      'POST',
      `/api/accounting/vouchers/${reversal.id}/reverse`,
      {
        date: inFiscalYear(0, '08-31'),
      },
    )
    expect(ofReversal.status).toBe(409)
    // An account deactivated since can still be reversed out of.
    const gateway = leaf('Gateway charges')
    const toClose = (await (
      await journal([
        { accountId: gateway, debit: 40 },
        { accountId: leaf('Opening balance equity'), credit: 40 },
      ])
    ).json()) as Voucher
    await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${gateway}`, { isActive: false })
    const closedOut = await asUser(
      t,
      admin,
      'POST',
      `/api/accounting/vouchers/${toClose.id}/reverse`,
      {
        date: inFiscalYear(0, '08-31'),
      },
    )
    expect(closedOut.status).toBe(201)
    const early = await journal(lines)
    const earlyVoucher = (await early.json()) as Voucher
    const backdated = await asUser(
      t,
      admin,
      'POST',
      `/api/accounting/vouchers/${earlyVoucher.id}/reverse`,
      {
        date: inFiscalYear(0, '08-01'),
      },
    )
    expect(backdated.status).toBe(422)
  })

  it('reverses a receipt with a journal voucher whose narration names the receipt', async () => {
    const receipt = (await (
      await journal(
        [
          { accountId: leaf('Cash in hand'), debit: 5000 },
          { accountId: leaf('Tuition fee income'), credit: 5000 },
        ],
        { type: 'receipt', narration: 'Received from Rahim: tuition' },
      )
    ).json()) as Voucher
    const reverse = (narration?: string) =>
      asUser(t, admin, 'POST', `/api/accounting/vouchers/${receipt.id}/reverse`, {
        date: inFiscalYear(0, '08-31'),
        narration,
      })
    // The user's own words are kept, with the receipt's reference put in front.
    const res = await reverse('Entered twice by mistake')
    expect(res.status).toBe(201)
    const reversal = (await res.json()) as Voucher
    expect(reversal).toMatchObject({
      type: 'journal',
      narration: `${receipt.reference}: Entered twice by mistake`,
      lines: [{ credit: 5000 }, { debit: 5000 }],
    })
    expect(reversal.reference).toMatch(new RegExp(`^JV-${fiscalYear()}-\\d{4}$`))
  })

  it('keeps a reversal narration that already names the original as it is', async () => {
    const receipt = (await (
      await journal(
        [
          { accountId: leaf('Cash in hand'), debit: 700 },
          { accountId: leaf('Fine income'), credit: 700 },
        ],
        { type: 'receipt', narration: 'Late fine' },
      )
    ).json()) as Voucher
    const narration = `Storno von ${receipt.reference}: doppelt erfasst`
    const res = await asUser(t, admin, 'POST', `/api/accounting/vouchers/${receipt.id}/reverse`, {
      date: inFiscalYear(0, '08-31'),
      narration,
    })
    expect(await res.json()).toMatchObject({ type: 'journal', narration })
  })

  it('filters and pages the list', async () => {
    const get = async (query: string) =>
      (await (await asUser(t, admin, 'GET', `/api/accounting/vouchers?${query}`)).json()) as {
        data: Voucher[]
        total: number
      }
    expect((await get('type=receipt')).data.every((v) => v.type === 'receipt')).toBe(true)
    const nextJuly = `from=${inFiscalYear(1, '07-01')}&to=${inFiscalYear(1, '07-31')}`
    expect((await get(nextJuly)).data.map((v) => v.reference)).toEqual([`RV-${fiscalYear(1)}-0001`])
    expect((await get(`accountId=${leaf('Salary payable')}`)).total).toBe(3)
    const june = `RV-${fiscalYear()}-0002`
    expect((await get(`q=${june}`)).data.map((v) => v.reference)).toEqual([june])
    const page = await get('perPage=2&page=2&sortBy=date&sortDesc=false')
    expect(page.data).toHaveLength(2)
    const bad = await asUser(t, admin, 'GET', '/api/accounting/vouchers?type=gift&from=2026-13-01')
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'from',
      'type',
    ])
  })
})
