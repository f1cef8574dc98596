import { describe, expect, it } from 'vitest'
import type { Voucher } from '../../../shared/schemas/accounting.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { fiscalYear, inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { voucherSuite, type VoucherSuite } from '../../test-support/vouchers.ts'

// Posting, numbering, retrying, reversing and listing vouchers; later tests read what earlier ones
// posted.
describe('vouchers', () => {
  let t: TestApp
  let admin: string
  let leaf: VoucherSuite['leaf']
  let journal: VoucherSuite['journal']
  voucherSuite((s) => ({ t, admin, leaf, journal } = s))

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
