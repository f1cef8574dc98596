import { beforeAll, describe, expect, it } from 'vitest'
import { inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountNamed } from '../../test-support/accounting.ts'

describe('chart of accounts configuration', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const named = (name: string) => accountNamed(t, admin, name)
  beforeAll(async () => {
    // A voucher in the books, which fixes the fiscal year.
    const posted = await asUser(t, admin, 'POST', '/api/accounting/vouchers', {
      type: 'receipt',
      date: inFiscalYear(0, '09-02'),
      narration: 'Fine paid',
      lines: [
        { accountId: (await named('Cash in hand')).id, debit: 300 },
        { accountId: (await named('Fine income')).id, credit: 300 },
      ],
    })
    expect(posted.status).toBe(201)
  })

  it('configures GL digits and the fiscal year, which cannot move once vouchers exist', async () => {
    const bad = await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
      levelDigits: [1, 2, 9],
      fiscalYearStartMonth: 13,
    })
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'fiscalYearStartMonth',
      'levelDigits',
      'levelDigits.2',
    ])
    const digits = await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
      levelDigits: [1, 2, 2, 2, 4],
      fiscalYearStartMonth: 7,
    })
    expect(await digits.json()).toMatchObject({ levelDigits: [1, 2, 2, 2, 4] })
    const added = await asUser(t, admin, 'POST', '/api/accounting/accounts', {
      parentId: (await named('Bank accounts')).id,
      name: 'Third bank',
    })
    expect(await added.json()).toMatchObject({ glCode: '10101020001' })
    const moved = await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
      levelDigits: [1, 2, 2, 2, 4],
      fiscalYearStartMonth: 1,
    })
    expect(moved.status).toBe(409)
  })
})
