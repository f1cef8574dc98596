import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import type {
  OnlineQuote,
  PaymentOutcome,
  StartedPayment,
} from '../../../shared/schemas/payments.ts'
import { applicants } from '../../db/schema/admission.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { paymentIntents, paymentMerchants } from '../../db/schema/payments.ts'
import { memorySecretBox } from '../../lib/secret-box.ts'
import { createLogger } from '../../lib/logger.ts'
import { feePaymentSuite, type FeePaymentSuite } from '../../test-support/online-payments.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import type { PaidReport } from '../../../shared/schemas/reports.ts'
import { sandboxGateway, sandboxSignature } from './gateways/sandbox.ts'
import { checkAndSettle, expireAfterMs } from './intent-settle.ts'
import { enqueueReconciliations, reconcileAfterMs } from './reconcile.ts'

describe('an applicant pays the application fee online through the sandbox gateway', () => {
  let t: TestApp
  let admin: string
  let s: FeePaymentSuite
  const fee = 50_000
  feePaymentSuite(fee, (suite) => ({ t, admin } = s = suite))
  /** 1.5 % borne by the payer, as the demo sets it. */
  const surcharge = 750

  const quote = (temporaryId: string) =>
    t.app.request(`/api/payments/public/demo-school/applications/${temporaryId}/quote`)
  const outcome = async (reference: string) =>
    (await (
      await t.app.request(`/api/payments/public/intents/${reference}`)
    ).json()) as PaymentOutcome
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(applicants).where(eq(applicants.id, id)))[0]!.status
  /** A notification as the sandbox signs it, for the merchant of the intent. */
  const signedNotice = async (reference: string, status = 'VALID') => {
    const intent = await s.intentOf(reference)
    const [merchant] = await t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.id, intent.merchantId))
    const form = new URLSearchParams({
      amount: String(intent.amountMinor + intent.surchargeMinor),
      currency: intent.currency,
      status,
      store_id: merchant!.storeId,
      tran_id: reference,
      val_id: 'SBX-FORGED',
    })
    form.set('signature', sandboxSignature(memorySecretBox.open(merchant!.secret), form))
    return form
  }
  const notify = (form: URLSearchParams) =>
    t.app.request('/api/payments/notify/sandbox', { method: 'POST', body: form })

  it('quotes the fee with the payer’s surcharge, the amount fixed by the server', async () => {
    const applicant = await s.feeDue()
    const res = await quote(applicant.temporaryId)
    expect(res.status).toBe(200)
    expect((await res.json()) as OnlineQuote).toEqual({
      service: 'admission_fee',
      amountMinor: fee,
      surchargeMinor: surcharge,
      totalMinor: fee + surcharge,
      currency: 'BDT',
      provider: 'sandbox',
      providerName: 'Sandbox',
    })
  })

  it('pays once through late, repeated and out-of-order notifications: one receipt, fee paid', async () => {
    const applicant = await s.feeDue()
    const key = 'pay-once-key-1'
    const first = await s.start(applicant.temporaryId, key)
    expect(first.status).toBe(201)
    const intent = (await first.json()) as StartedPayment
    // A retry of the start (the phone lost the answer) goes to the same gateway page.
    const again = await s.start(applicant.temporaryId, key)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(intent)

    const page = await t.app.request(new URL(intent.redirectUrl).pathname)
    expect(await page.text()).toContain(intent.reference)
    const back = await s.press(intent.redirectUrl, {
      outcome: 'pay',
      delayMs: '50',
      copies: '3',
      reorder: 'on',
    })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toContain(
      `/payment/successful/demo-school?reference=${intent.reference}`,
    )
    await s.settled(intent.reference)
    await vi.waitFor(() =>
      expect(t.notified.filter((n) => n.get('tran_id') === intent.reference)).toHaveLength(4),
    )

    const seen = await outcome(intent.reference)
    expect(seen).toMatchObject({ status: 'succeeded', totalMinor: fee + surcharge })
    expect(seen.receipt?.number).toMatch(/^RCT-/)
    expect(seen.backTo).toBe(
      `/admission/demo-school/${s.form.id}/temporaryId/${applicant.temporaryId}`,
    )
    expect(await statusOf(applicant.id)).toBe('fee_paid')
    const taken = await s.paymentsOf(applicant.id)
    expect(taken).toHaveLength(1)
    expect(taken[0]!.amountMinor).toBe(fee)
    // The receipt, and the charges: the surcharge and the platform's 1 %.
    const posted = await t.database.db
      .select({ narration: vouchers.narration })
      .from(vouchers)
      .where(eq(vouchers.instituteId, s.instituteId))
    expect(posted.filter((v) => v.narration.includes(intent.reference))).toHaveLength(1)
    expect(posted.filter((v) => v.narration.includes(taken[0]!.number))).toHaveLength(1)
    const tracking = await t.app.request(
      `/api/admission/public/demo-school/applications/${applicant.temporaryId}`,
    )
    expect(await tracking.json()).toMatchObject({
      status: 'fee_paid',
      feePayment: { how: 'online' },
    })
    // The paid report shows it once, as an online payment with no cashier.
    const paid = (await (
      await asUser(t, admin, 'GET', `/api/reports/paid?q=${taken[0]!.number}&method=online`)
    ).json()) as PaidReport
    expect(paid.data).toHaveLength(1)
    expect(paid.data[0]).toMatchObject({
      number: taken[0]!.number,
      methods: ['online'],
      cashierName: null,
      receivedMinor: fee,
    })
  })

  it('posts one payment when five notifications, the return and reconciliation arrive at once', async () => {
    const applicant = await s.feeDue()
    const intent = await s.started(applicant.temporaryId)
    await s.press(intent.redirectUrl, { outcome: 'pay', drop: 'on' })
    expect((await s.intentOf(intent.reference)).status).toBe('pending')
    const notice = await signedNotice(intent.reference)
    const ctx = { db: t.database.db, services: t.app.services, log: createLogger('silent') }
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => notify(notice)),
      checkAndSettle(ctx, intent.reference, 'return'),
      checkAndSettle(ctx, intent.reference, 'reconciliation'),
    ])
    for (const res of answers.slice(0, 5)) expect((res as Response).status).toBe(200)
    expect(await s.paymentsOf(applicant.id)).toHaveLength(1)
    const settledIntent = await s.intentOf(intent.reference)
    expect(settledIntent.status).toBe('succeeded')
    // The transaction id is the gateway's own, from its status API, not the notification's.
    expect(settledIntent.providerTransactionId).toMatch(/^SBX/)
  })

  it('reconciles a payment whose notification never came, and expires one left open a day', async () => {
    const paid = await s.feeDue()
    const lost = await s.started(paid.temporaryId)
    await s.press(lost.redirectUrl, { outcome: 'pay', drop: 'on' })
    const abandoned = await s.started((await s.feeDue()).temporaryId)
    const age = (reference: string, ms: number) =>
      t.database.db
        .update(paymentIntents)
        .set({ updatedAt: new Date(Date.now() - ms), createdAt: new Date(Date.now() - ms) })
        .where(eq(paymentIntents.reference, reference))
    // Too recent: the notification may still come.
    expect(await enqueueReconciliations(t.database.db, t.app.services.jobs)).toBe(0)
    await age(lost.reference, reconcileAfterMs + 60_000)
    await age(abandoned.reference, expireAfterMs + 60_000)
    expect(await enqueueReconciliations(t.database.db, t.app.services.jobs)).toBe(1)
    // Asked again in the same period (another process): still one job.
    await enqueueReconciliations(t.database.db, t.app.services.jobs)
    expect(await t.app.services.jobs.drain()).toBe(1)
    expect((await s.intentOf(lost.reference)).status).toBe('succeeded')
    expect(await statusOf(paid.id)).toBe('fee_paid')
    expect((await s.intentOf(abandoned.reference)).status).toBe('expired')
  })

  it('refuses unsigned, wrongly signed and unknown notifications, and posts nothing', async () => {
    const applicant = await s.feeDue()
    const intent = await s.started(applicant.temporaryId)
    await s.press(intent.redirectUrl, { outcome: 'pay', drop: 'on' })
    const notice = await signedNotice(intent.reference)
    const forged = new URLSearchParams(notice)
    forged.set('signature', 'f'.repeat(64))
    expect((await notify(forged)).status).toBe(401)
    const unsigned = new URLSearchParams(notice)
    unsigned.delete('signature')
    expect((await notify(unsigned)).status).toBe(401)
    const unknown = new URLSearchParams(notice)
    unknown.set('tran_id', 'OPAAAAAAAAAAAAAAAA')
    expect((await notify(unknown)).status).toBe(404)
    expect(
      (await t.app.request('/api/payments/notify/nowhere', { method: 'POST', body: notice }))
        .status,
    ).toBe(422)
    expect(await s.paymentsOf(applicant.id)).toHaveLength(0)
    expect(await statusOf(applicant.id)).toBe('fee_due')
    expect(t.logLines.join('\n')).toContain('bad signature')
  })

  it('never writes a merchant secret to the log, whatever the flow did', async () => {
    const secrets = (await t.database.db.select().from(paymentMerchants)).map((m) =>
      memorySecretBox.open(m.secret),
    )
    expect(secrets.length).toBeGreaterThan(0)
    const log = t.logLines.join('\n')
    expect(log).toContain('/api/payments/notify/sandbox')
    for (const secret of secrets) expect(log).not.toContain(secret)
  })

  it('holds a payment of another amount than asked, and posts nothing', async () => {
    const applicant = await s.feeDue()
    const intent = await s.started(applicant.temporaryId)
    await s.press(intent.redirectUrl, { outcome: 'pay', amountMinor: String(fee) })
    await s.settled(intent.reference)
    expect(await s.intentOf(intent.reference)).toMatchObject({
      status: 'held',
      heldReason: 'payment_amount_mismatch',
    })
    expect(await s.paymentsOf(applicant.id)).toHaveLength(0)
    expect(await statusOf(applicant.id)).toBe('fee_due')
  })

  it('a failed payment leaves the fee due, and a new attempt pays it', async () => {
    const applicant = await s.feeDue()
    const failed = await s.started(applicant.temporaryId)
    const back = await s.press(failed.redirectUrl, { outcome: 'fail' })
    expect(back.headers.get('location')).toContain('/payment/failed/demo-school')
    await s.settled(failed.reference)
    expect((await outcome(failed.reference)).status).toBe('failed')
    expect(await statusOf(applicant.id)).toBe('fee_due')

    const retry = await s.started(applicant.temporaryId)
    expect(retry.reference).not.toBe(failed.reference)
    await s.press(retry.redirectUrl, { outcome: 'pay' })
    await s.settled(retry.reference)
    expect((await outcome(retry.reference)).status).toBe('succeeded')
    expect(await statusOf(applicant.id)).toBe('fee_paid')
    // Paid: there is nothing to start any more.
    expect((await s.start(applicant.temporaryId)).status).toBe(409)
  })

  it('records once a payment the gateway confirms after the attempt had failed', async () => {
    const applicant = await s.feeDue()
    const intent = await s.started(applicant.temporaryId)
    await s.press(intent.redirectUrl, { outcome: 'fail' })
    await s.settled(intent.reference)
    expect((await s.intentOf(intent.reference)).status).toBe('failed')
    // A second try on the gateway's page went through: its notification, and the status API.
    const paidNow = vi.spyOn(sandboxGateway, 'status').mockResolvedValue({
      status: 'succeeded',
      transactionId: `SBX-LATE-${intent.reference}`,
      amountMinor: fee + surcharge,
      currency: 'BDT',
      detail: 'paid on a second try',
    })
    const notice = await signedNotice(intent.reference)
    expect((await notify(notice)).status).toBe(200)
    expect((await notify(notice)).status).toBe(200)
    paidNow.mockRestore()
    expect((await s.intentOf(intent.reference)).status).toBe('succeeded')
    expect(await s.paymentsOf(applicant.id)).toHaveLength(1)
    expect(await statusOf(applicant.id)).toBe('fee_paid')
  })

  it('turns a gateway’s POST back to the return page into the page itself', async () => {
    const back = '/payment/successful/demo-school?reference=OPAAAAAAAAAAAAAAAA'
    const res = await t.app.request(back, {
      method: 'POST',
      body: new URLSearchParams({ tran_id: 'x' }),
    })
    expect(res.status).toBe(303)
    expect(
      new URL(res.headers.get('location')!, 'http://x').pathname +
        new URL(res.headers.get('location')!, 'http://x').search,
    ).toBe(back)
  })

  it('refuses bad input with a clear status, never a 500', async () => {
    const applicant = await s.feeDue()
    expect((await quote('not-a-temporary-id')).status).toBe(422)
    expect((await quote('A'.repeat(22))).status).toBe(404)
    expect(
      (
        await t.app.request('/api/payments/public/demo-school/intents', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ purpose: 'admission_fee', temporaryId: applicant.temporaryId }),
        })
      ).status,
    ).toBe(400)
    const tampered = await t.app.request('/api/payments/public/demo-school/intents', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'tampered-amount' },
      body: JSON.stringify({
        purpose: 'tuition',
        temporaryId: applicant.temporaryId,
        amountMinor: 1,
      }),
    })
    expect(tampered.status).toBe(422)
    expect((await t.app.request('/api/payments/public/intents/nonsense')).status).toBe(422)
    expect((await t.app.request('/api/payments/public/intents/OPAAAAAAAAAAAAAAAA')).status).toBe(
      404,
    )
    expect((await t.app.request('/api/payments/sandbox/not-a-session')).status).toBe(404)
  })
})
