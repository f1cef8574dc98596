import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('cancelling a receipt', () => {
  let t: TestApp
  let admin: string
  let cashier: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  let receipt: Receipt
  let dueBefore: number

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'CNL', '01711-555031')
    cashier = await signedInAs(t, 'cancel-cashier', ['cashier'])
    const lab = (await familyOf(t, cashier, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const res = await asUser(
      t,
      cashier,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: lab.lineId, principalMinor: 20_000, fineMinor: 0 }],
        tenders: [
          { method: 'cash', amountMinor: 12_000, tenderedMinor: 12_000 },
          { method: 'mobile', amountMinor: 8_000, issuer: 'bKash', reference: 'BK-991' },
        ],
      },
      { 'Idempotency-Key': 'cancel-key-1' },
    )
    expect(res.status).toBe(201)
    receipt = (await res.json()) as Receipt
    dueBefore = receipt.balanceDueMinor
  })

  const cancel = (body: object) =>
    asUser(t, admin, 'POST', `/api/collection/payments/${receipt.id}/cancel`, body)

  it('refuses a reversal reference for a tender a provider does not reverse, naming the field', async () => {
    const res = await cancel({ reason: 'Wrong family', reversals: [{ tender: 0, reference: 'X' }] })
    expect(res.status).toBe(422)
    expect(JSON.stringify(await res.json())).toContain('reversals')
  })

  it('keeps the mobile-money reversal reference, says what is due again and tells the guardian', async () => {
    const res = await cancel({
      reason: 'Wrong family',
      reversals: [{ tender: 1, reference: 'BK-REV-17' }],
    })
    expect(res.status).toBe(200)
    const cancelled = (await res.json()) as Receipt
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.tenders.map((x) => [x.method, x.reversalReference])).toEqual([
      ['cash', ''],
      ['mobile', 'BK-REV-17'],
    ])
    // Its 20,000 are owed again: the still-due is the figure now, not the one after the payment.
    expect(cancelled.balanceDueMinor).toBe(dueBefore + 20_000)
    const read = (await (
      await asUser(t, admin, 'GET', `/api/collection/payments/${receipt.id}`)
    ).json()) as Receipt
    expect(read.balanceDueMinor).toBe(dueBefore + 20_000)
    expect(read.tenders[1]!.reversalReference).toBe('BK-REV-17')

    const told = (
      (await t.database.db.execute(sql`select channel, recipient from outbox
        where subject like ${`%${receipt.number} cancelled%`} order by channel`)) as unknown as {
        rows: { channel: string; recipient: string }[]
      }
    ).rows
    expect(told.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'guardian.cnl@example.com'],
      ['sms', '01711-555031'],
    ])
    // As sent (a sent message's body is not kept): the reason and what is due again.
    const sms = await t.lastMessageTo('01711-555031')
    expect(sms).toContain(`cancelled receipt ${receipt.number}`)
    expect(sms).toContain('(Wrong family)')
    expect(sms).toContain('Due again')
  })

  it('shows the cancellation as its own line of the day, the drawer’s cash less by its cash', async () => {
    const day = (await (
      await asUser(t, cashier, 'GET', '/api/collection/days')
    ).json()) as CashierDay
    expect(day.cashTakenMinor).toBe(12_000)
    expect(day.cancelled).toEqual({ receipts: 1, amountMinor: 20_000, cashMinor: 12_000 })
    expect(day.expectedCashMinor).toBe(0)
  })
})
