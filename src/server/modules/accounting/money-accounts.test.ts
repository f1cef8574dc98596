import { describe, expect, it } from 'vitest'
import type { MoneyAccount } from '../../../shared/schemas/accounting.ts'
import { accountNamed } from '../../test-support/accounting.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('money accounts', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const list = async (token = admin) =>
    (
      (await (await asUser(t, token, 'GET', '/api/accounting/money-accounts')).json()) as {
        data: MoneyAccount[]
      }
    ).data

  it('lists the active accounts mapped as cash or a bank, cash first', async () => {
    const before = await list()
    expect(before[0]).toMatchObject({ purpose: 'cash', key: null, name: 'Cash in hand' })
    expect(before.slice(1).every((m) => m.purpose === 'bank' && m.key)).toBe(true)

    // A newly mapped bank joins them; a mapping to another purpose does not.
    const bank = await accountNamed(t, admin, 'Main bank account')
    await asUser(t, admin, 'PUT', '/api/accounting/coa-mapping', {
      purpose: 'bank',
      key: 'City Bank',
      accountId: bank.id,
    })
    const after = await list()
    expect(after).toContainEqual({
      accountId: bank.id,
      glCode: bank.glCode,
      name: bank.name,
      purpose: 'bank',
      key: 'City Bank',
    })
    expect(after.map((m) => m.name)).not.toContain('Fee receivable')

    // Deactivated, an account is no longer offered.
    await asUser(t, admin, 'PATCH', `/api/accounting/accounts/${bank.id}`, { isActive: false })
    expect((await list()).map((m) => m.accountId)).not.toContain(bank.id)
  })

  it('is read by those who may read vouchers, and nobody else', async () => {
    await addUser(t, { username: 'money-viewer', password: 'viewer-pass-1234', roles: ['viewer'] })
    expect((await list(await signIn(t, 'money-viewer', 'viewer-pass-1234')))[0]?.purpose).toBe(
      'cash',
    )
    await addUser(t, {
      username: 'money-officer',
      password: 'officer-pass-1234',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'money-officer', 'officer-pass-1234')
    expect((await asUser(t, officer, 'GET', '/api/accounting/money-accounts')).status).toBe(403)
    expect((await t.app.request('/api/accounting/money-accounts')).status).toBe(401)
  })
})
