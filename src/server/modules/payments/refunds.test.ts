import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { StartedPayment } from '../../../shared/schemas/payments.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { applicants } from '../../db/schema/admission.ts'
import { payments } from '../../db/schema/collection.ts'
import { paymentIntents, sandboxSessions } from '../../db/schema/payments.ts'
import { signedInAs, signedInWithRules } from '../../test-support/admission.ts'
import { feePaymentSuite, type FeePaymentSuite } from '../../test-support/online-payments.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('refunding an online payment', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  let s: FeePaymentSuite
  feePaymentSuite(30_000, (suite) => ({ t, admin, instituteId } = s = suite))

  const intentOf = (reference: string) => s.intentOf(reference)
  /** An applicant's fee paid in the sandbox, settled: its intent. */
  const paid = async () => {
    const applicant = await s.feeDue()
    const { reference, redirectUrl } = await s.started(applicant.temporaryId)
    await s.press(redirectUrl, { outcome: 'pay' })
    await s.settled(reference)
    expect((await intentOf(reference)).status).toBe('succeeded')
    return { applicant, reference }
  }
  const refund = (reference: string, body: object, token = admin) =>
    asUser(t, token, 'POST', `/api/payments/intents/${reference}/refund`, body)

  it('gives the money back at the gateway, cancels the receipt and undoes the charges, once', async () => {
    const { applicant, reference } = await paid()
    const missing = await refund(reference, { reason: '' })
    expect(await missing.json()).toMatchObject({
      fields: { reason: [{ code: 'refund_reason_required' }] },
    })

    const res = await refund(reference, { reason: 'Applied twice by mistake' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ reference, status: 'refunded' })
    const intent = await intentOf(reference)
    expect(intent.status).toBe('refunded')
    expect(intent.events.at(-1)).toMatchObject({ source: 'refund', status: 'refunded' })
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.reference, reference))
    expect(session!.status).toBe('refunded')
    const [receipt] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, intent.paymentId!))
    expect(receipt).toMatchObject({ status: 'cancelled', cancelReason: 'Applied twice by mistake' })
    const [after] = await t.database.db
      .select()
      .from(applicants)
      .where(eq(applicants.id, applicant.id))
    expect(after!.status).toBe('fee_due')
    const undone = await t.database.db
      .select({ narration: vouchers.narration })
      .from(vouchers)
      .where(
        and(
          eq(vouchers.instituteId, instituteId),
          like(vouchers.narration, `Online payment ${reference} refunded%`),
        ),
      )
    expect(undone).toHaveLength(1)

    // Again (a double press, a retry): refused, nothing more given back or posted.
    const again = await refund(reference, { reason: 'Applied twice by mistake' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'payment_not_refundable' })
  })

  it('changes nothing when the gateway refuses, and refuses unpaid, unknown and foreign payments', async () => {
    const { reference } = await paid()
    const intent = await intentOf(reference)
    // The gateway knows no such transaction: it refuses.
    await t.database.db
      .update(paymentIntents)
      .set({ providerTransactionId: 'SBX-NOT-A-PAYMENT' })
      .where(eq(paymentIntents.id, intent.id))
    const refused = await refund(reference, { reason: 'Duplicate' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'gateway_refund_failed' })
    expect((await intentOf(reference)).status).toBe('succeeded')
    const [receipt] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, intent.paymentId!))
    expect(receipt!.status).toBe('posted')

    const unpaid = await s.feeDue()
    const started = await t.app.request('/api/payments/public/demo-school/intents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': unpaid.temporaryId },
      body: JSON.stringify({ purpose: 'admission_fee', temporaryId: unpaid.temporaryId }),
    })
    const open = (await started.json()) as StartedPayment
    expect((await refund(open.reference, { reason: 'x' })).status).toBe(409)
    expect((await refund('OPNOSUCHPAYMENT000', { reason: 'x' })).status).toBe(404)

    await addUser(t, {
      username: 'refund-stranger',
      password: 'refund-stranger-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const stranger = await signIn(t, 'refund-stranger', 'refund-stranger-1')
    expect((await refund(reference, { reason: 'x' }, stranger)).status).toBe(404)
  })

  it('needs the refund permission, not only the right to see payments', async () => {
    const { reference } = await paid()
    const viewer = await signedInWithRules(t, 'refund-viewer', [
      { action: 'read', subject: 'fintech' },
    ])
    expect((await refund(reference, { reason: 'x' }, viewer)).status).toBe(403)
    const cashier = await signedInAs(t, 'refund-cashier', ['cashier'])
    expect((await refund(reference, { reason: 'x' }, cashier)).status).toBe(403)
    expect((await intentOf(reference)).status).toBe('succeeded')
  })
})
