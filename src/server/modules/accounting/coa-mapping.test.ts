import { describe, expect, it } from 'vitest'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountNamed } from '../../test-support/accounting.ts'

describe('chart of accounts mapping', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const named = (name: string) => accountNamed(t, admin, name)

  it('maps purposes only to active leaves of the right type', async () => {
    const put = (body: object) => asUser(t, admin, 'PUT', '/api/accounting/coa-mapping', body)
    const income = await put({ purpose: 'cash', accountId: (await named('Fine income')).id })
    expect(await income.json()).toMatchObject({
      errors: { accountId: ['This purpose needs an account of type asset, not income.'] },
      fields: {
        accountId: [{ code: 'mapping_type', values: { type: 'asset', actual: 'income' } }],
      },
    })
    const head = await put({ purpose: 'cash', accountId: (await named('Cash')).id })
    expect(await head.json()).toMatchObject({
      errors: { accountId: ['Choose a leaf account: heads take no postings.'] },
    })
    const unkeyed = await put({
      purpose: 'fee_income',
      accountId: (await named('Tuition fee income')).id,
    })
    expect(await unkeyed.json()).toMatchObject({ errors: { key: ['Name which one this is.'] } })
    const feeHead = await put({
      purpose: 'fee_income',
      key: 'tuition',
      accountId: (await named('Tuition fee income')).id,
    })
    expect(await feeHead.json()).toMatchObject({
      purpose: 'fee_income',
      key: 'tuition',
      glCode: '4010101001',
    })
    const removed = await asUser(
      t,
      admin,
      'DELETE',
      '/api/accounting/coa-mapping?purpose=fee_income&key=tuition',
    )
    expect(removed.status).toBe(200)
    const unknown = await put({ purpose: 'lunch', accountId: (await named('Cash in hand')).id })
    expect(await unknown.json()).toMatchObject({ errors: { purpose: ['Unknown purpose.'] } })
  })
})
