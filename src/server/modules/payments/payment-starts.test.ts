import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { paymentIntents } from '../../db/schema/payments.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { feePaymentSuite, type FeePaymentSuite } from '../../test-support/online-payments.ts'
import { asUser } from '../../test-support/test-app.ts'
import { sandboxGateway } from './gateways/sandbox.ts'
import { startHoldsForMs } from './intent-start.ts'

/*
 * One payment at a time for the same fee: a second tab is sent to the first one's gateway page
 * rather than opening another, and a page given up on and paid after all is held, not posted.
 */
describe('starting an online payment while another of the same is open', () => {
  let s: FeePaymentSuite
  feePaymentSuite(50_000, (suite) => (s = suite))

  it('refuses a second start while the first is at the gateway, offering that one instead', async () => {
    const applicant = await s.feeDue()
    const one = await s.started(applicant.temporaryId)
    // Another tab (a new key) while the first tab is on the gateway's page.
    const second = await s.start(applicant.temporaryId)
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({
      code: 'payment_in_progress',
      values: { minutes: 1, redirectUrl: one.redirectUrl },
    })
    // The first page paid, but its notification lost: the next start asks the gateway, finds
    // the fee paid, and refuses as such.
    await s.press(one.redirectUrl, { outcome: 'pay', drop: 'on' })
    const third = await s.start(applicant.temporaryId)
    expect(third.status).toBe(409)
    expect(await third.json()).toMatchObject({ code: 'application_fee_not_due' })
    expect((await s.intentOf(one.reference)).status).toBe('succeeded')
    expect(await s.paymentsOf(applicant.id)).toHaveLength(1)
  })

  it('lets a new start go ahead once the first failed unheard, and of two at once starts one', async () => {
    const applicant = await s.feeDue()
    const failed = await s.started(applicant.temporaryId)
    await s.press(failed.redirectUrl, { outcome: 'fail', drop: 'on' })
    expect((await s.intentOf(failed.reference)).status).toBe('pending')
    const retry = await s.start(applicant.temporaryId)
    expect(retry.status).toBe(201)
    expect((await s.intentOf(failed.reference)).status).toBe('failed')

    // Two tabs pressing at once: the payer's row is locked, so the second sees the first's start
    // (on PGlite, whose transactions run one at a time, as on PostgreSQL, where they interleave).
    const other = await s.feeDue()
    const both = await Promise.all([s.start(other.temporaryId), s.start(other.temporaryId)])
    expect(both.map((res) => res.status).toSorted()).toEqual([201, 409])
    const refused = (await both.find((res) => res.status === 409)!.json()) as { code: string }
    expect(['payment_opening', 'payment_in_progress']).toContain(refused.code)
  })

  it('answers 502 when the gateway opens no page, and holds back no new start for it', async () => {
    const applicant = await s.feeDue()
    const key = `unreachable-${applicant.temporaryId}`
    const unreachable = vi
      .spyOn(sandboxGateway, 'startSession')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
    const refused = await s.start(applicant.temporaryId, key)
    unreachable.mockRestore()
    expect(refused.status).toBe(502)
    expect(await refused.json()).toMatchObject({ code: 'gateway_unavailable' })
    // A reload (a new key) at once is not told a payment is being opened: none was.
    const reloaded = await s.start(applicant.temporaryId)
    expect(reloaded.status).toBe(201)
  })

  it('tells a start while another window is still opening its gateway page to wait', async () => {
    const applicant = await s.feeDue()
    let answer: () => void = () => {}
    const slow = vi.spyOn(sandboxGateway, 'startSession').mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (answer = resolve))
      throw new Error('timed out')
    })
    const first = s.start(applicant.temporaryId)
    await vi.waitFor(() => expect(slow).toHaveBeenCalled())
    const second = await s.start(applicant.temporaryId)
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({ code: 'payment_opening' })
    answer()
    expect((await first).status).toBe(502)
    slow.mockRestore()
  })

  it('holds a payment on a page given up on and paid after a later one, never taking the fee twice', async () => {
    const applicant = await s.feeDue()
    const one = await s.started(applicant.temporaryId)
    // Left on the gateway's page past the while a start holds the next ones back.
    await s.t.database.db
      .update(paymentIntents)
      .set({ createdAt: new Date(Date.now() - startHoldsForMs - 60_000) })
      .where(eq(paymentIntents.reference, one.reference))
    const two = await s.started(applicant.temporaryId)
    // The second paid and posted, then the first paid on its still-open page after all.
    await s.press(two.redirectUrl, { outcome: 'pay' })
    await s.settled(two.reference)
    await s.press(one.redirectUrl, { outcome: 'pay' })
    await s.settled(one.reference)
    expect(await s.paymentsOf(applicant.id)).toHaveLength(1)
    expect(await s.intentOf(one.reference)).toMatchObject({
      status: 'held',
      heldReason: 'application_fee_not_due',
    })
    // The operator's list: held ones with why and what the gateway said; for fintech only.
    const held = await asUser(
      s.t,
      s.admin,
      'GET',
      `/api/payments/intents?status=held&q=${one.reference}`,
    )
    expect(await held.json()).toMatchObject({
      total: 1,
      data: [
        {
          reference: one.reference,
          status: 'held',
          heldReason: 'application_fee_not_due',
          payerName: 'Nusrat Jahan',
          receiptNumber: null,
          providerTransactionId: expect.stringMatching(/^SBX/),
          events: [{ source: 'start', status: 'created' }, { status: 'held' }],
        },
      ],
    })
    const paidOne = await asUser(s.t, s.admin, 'GET', `/api/payments/intents?q=${two.reference}`)
    expect(await paidOne.json()).toMatchObject({
      data: [{ status: 'succeeded', receiptNumber: expect.stringMatching(/^RCT-/) }],
    })
    expect((await asUser(s.t, s.admin, 'GET', '/api/payments/intents?status=lost')).status).toBe(
      422,
    )
    const cashier = await signedInAs(s.t, 'intents-cashier', ['cashier'])
    expect((await asUser(s.t, cashier, 'GET', '/api/payments/intents')).status).toBe(403)
  })
})
