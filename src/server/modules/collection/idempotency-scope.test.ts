import { beforeAll, describe, expect, it } from 'vitest'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * An Idempotency-Key is its sender's own: another user sending the same key (a shared PC, a
 * copied request) makes their own request, and never gets the first sender's receipt.
 */
describe('Idempotency-Keys of different users', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  let first: string
  let second: string

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'KEYS', '01711-555091')
    first = await signedInAs(t, 'key-cashier-a', ['cashier'])
    second = await signedInAs(t, 'key-cashier-b', ['cashier'])
  })

  const pay = async (token: string, key: string, amountMinor: number) => {
    const line = (await familyOf(t, token, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    return asUser(
      t,
      token,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: line.lineId, principalMinor: amountMinor, fineMinor: 0 }],
        tenders: [{ method: 'cash', amountMinor }],
      },
      { 'Idempotency-Key': key },
    )
  }

  it('takes another user’s payment under a key already used as their own, and replays each one’s own', async () => {
    const key = 'shared-key-0001'
    const a = await pay(first, key, 1_000)
    expect(a.status).toBe(201)
    const receiptA = (await a.json()) as Receipt

    // The same key and the same payment from another cashier: a payment of theirs, not the
    // first one's receipt.
    const b = await pay(second, key, 1_000)
    expect(b.status).toBe(201)
    const receiptB = (await b.json()) as Receipt
    expect(receiptB.id).not.toBe(receiptA.id)
    expect(receiptB).toMatchObject({ receivedMinor: 1_000, cashierName: 'User key-cashier-b' })
    // Under the same key, a different payment of theirs is no conflict with the first one's.
    const other = await pay(second, 'shared-key-0002', 500)
    expect(other.status).toBe(201)
    expect((await pay(first, 'shared-key-0002', 700)).status).toBe(201)

    // Each one's retry is still a replay of their own.
    const retryA = await pay(first, key, 1_000)
    expect(retryA.status).toBe(200)
    expect(((await retryA.json()) as Receipt).id).toBe(receiptA.id)
    const retryB = await pay(second, key, 1_000)
    expect(retryB.status).toBe(200)
    expect(((await retryB.json()) as Receipt).id).toBe(receiptB.id)
  })
})
