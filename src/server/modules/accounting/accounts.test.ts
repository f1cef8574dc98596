import { describe, expect, it } from 'vitest'
import type { Account, CoaMapping, Voucher } from '../../../shared/schemas/accounting.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountNamed, chartOf } from '../../test-support/accounting.ts'
import { fiscalYear, inFiscalYear } from '../../test-support/fiscal-dates.ts'

describe('chart of accounts', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const chart = () => chartOf(t, admin)
  const named = (name: string) => accountNamed(t, admin, name)

  it('starts every institute with a five-level school chart and its mappings', async () => {
    const accounts = await chart()
    expect(accounts.filter((a) => a.level === 1).map((a) => a.accountType)).toEqual([
      'asset',
      'liability',
      'equity',
      'income',
      'expense',
    ])
    expect(await named('Cash in hand')).toMatchObject({
      level: 5,
      glCode: '1010101001',
      isLeaf: true,
    })
    const { data } = (await (
      await asUser(t, admin, 'GET', '/api/accounting/coa-mapping')
    ).json()) as {
      data: CoaMapping[]
    }
    expect(data.map((m) => m.purpose)).toEqual(
      expect.arrayContaining(['cash', 'bank', 'fee_receivable', 'vat_payable', 'salary_payable']),
    )
  })

  it('adds accounts under a head with the next GL code, or a given one that fits', async () => {
    const parent = await named('Bank accounts')
    const add = (body: object) => asUser(t, admin, 'POST', '/api/accounting/accounts', body)
    const res = await add({ parentId: parent.id, name: 'Second bank' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ glCode: '1010102002', level: 5, accountType: 'asset' })
    const wrong = await add({ parentId: parent.id, name: 'Odd code', glCode: '99' })
    expect(await wrong.json()).toMatchObject({
      errors: { glCode: ["Use the parent's code 1010102 followed by 3 digits."] },
      fields: { glCode: [{ code: 'gl_code_shape', values: { parent: '1010102', digits: 3 } }] },
    })
    const taken = await add({ parentId: parent.id, name: 'Clash', glCode: '1010102001' })
    expect(await taken.json()).toMatchObject({
      errors: { glCode: ['Another account has this code.'] },
    })
    const tooDeep = await add({ parentId: (await named('Second bank')).id, name: 'Level six' })
    expect(tooDeep.status).toBe(422)
    const missing = await add({ name: '' })
    expect(Object.keys(((await missing.json()) as { errors: object }).errors).sort()).toEqual([
      'name',
      'parentId',
    ])
  })

  it('renames, moves with new codes, deactivates, and deletes only unused leaves', async () => {
    const second = await named('Second bank')
    const renamed = await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${second.id}`, {
      name: 'City bank',
    })
    expect(await renamed.json()).toMatchObject({ name: 'City bank', glCode: '1010102002' })
    const moved = await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${second.id}`, {
      parentId: (await named('Payment gateways')).id,
    })
    expect(await moved.json()).toMatchObject({ glCode: '1010103002' })
    const types = await chart()
    const root = types.find((a) => a.level === 1)!
    expect(
      (await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${root.id}`, { name: 'X' }))
        .status,
    ).toBe(409)
    const off = await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${second.id}`, {
      isActive: false,
    })
    expect(await off.json()).toMatchObject({ isActive: false })
    const posting = await asUser(t, admin, 'POST', '/api/accounting/vouchers', {
      type: 'journal',
      date: inFiscalYear(0, '09-01'),
      narration: 'To a closed account',
      lines: [
        { accountId: second.id, debit: 5 },
        { accountId: (await named('Fine income')).id, credit: 5 },
      ],
    })
    expect(await posting.json()).toMatchObject({
      errors: { 'lines.0.accountId': ['This account is deactivated.'] },
    })
    expect((await asUser(t, admin, 'DELETE', `/api/accounting/accounts/${second.id}`)).status).toBe(
      200,
    )
    const gateway = (await named('Gateway clearing')).id
    const mapped = await asUser(t, admin, 'DELETE', `/api/accounting/accounts/${gateway}`)
    expect(await mapped.json()).toMatchObject({ code: 'mapped' })
    expect(
      (await asUser(t, admin, 'DELETE', `/api/accounting/accounts/${(await named('Cash')).id}`))
        .status,
    ).toBe(409)
  })

  it('keeps an account with postings in its type and without sub-accounts', async () => {
    const cash = await named('Cash in hand')
    const posted = await asUser(t, admin, 'POST', '/api/accounting/vouchers', {
      type: 'receipt',
      date: inFiscalYear(0, '09-02'),
      narration: 'Fine paid',
      lines: [
        { accountId: cash.id, debit: 300 },
        { accountId: (await named('Fine income')).id, credit: 300 },
      ],
    })
    expect(((await posted.json()) as Voucher).reference).toBe(`RV-${fiscalYear()}-0001`)
    const toLiability = await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${cash.id}`, {
      parentId: (await named('Advances')).id,
    })
    expect(toLiability.status).toBe(409)
    const under = await asUser(t, admin, 'POST', '/api/accounting/accounts', {
      parentId: cash.id,
      name: 'Petty cash',
    })
    expect(under.status).toBe(422)
    expect((await asUser(t, admin, 'DELETE', `/api/accounting/accounts/${cash.id}`)).status).toBe(
      409,
    )
    expect(await named('Cash')).toMatchObject({ debit: 300, credit: 0 })
  })

  it('lists with search, type filter, sorting and paging (§7)', async () => {
    const list = async (query: string) =>
      (await (await asUser(t, admin, 'GET', `/api/accounting/accounts/list?${query}`)).json()) as {
        data: Account[]
        total: number
      }
    expect((await list('q=cash')).data.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Cash', 'Cash in hand', 'Cash and bank']),
    )
    expect((await list('accountType=equity')).total).toBe(5)
    const page = await list('accountType=income&sortBy=name&sortDesc=true&perPage=2&page=1')
    expect(page.data.map((a) => a.name)).toEqual(['Tuition fee income', 'Tuition'])
  })
})
