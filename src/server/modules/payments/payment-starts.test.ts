import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StartedPayment } from '../../../shared/schemas/payments.ts'
import { payments } from '../../db/schema/collection.ts'
import { paymentIntents } from '../../db/schema/payments.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
  signedInAs,
} from '../../test-support/admission.ts'
import {
  intentRow,
  intentSettled,
  pressInSandbox,
  startFeePayment,
} from '../../test-support/online-payments.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'
import { startHoldsForMs } from './intent-start.ts'

/*
 * One payment at a time for the same fee: a second tab is sent to the first one's gateway page
 * rather than opening another, and a page given up on and paid after all is held, not posted.
 */
describe('starting an online payment while another of the same is open', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let form: { id: string; instituteId: string }
  const fee = 50_000
  let keys = 0

  const feeDue = () => insertApplicant(t, form, { status: 'fee_due', fee })
  const start = (temporaryId: string) => startFeePayment(t, temporaryId, `starts-${++keys}-key`)
  const started = async (temporaryId: string) =>
    (await (await start(temporaryId)).json()) as StartedPayment
  const press = (redirectUrl: string, fields: Record<string, string>) =>
    pressInSandbox(t, redirectUrl, fields)
  const intentOf = (reference: string) => intentRow(t, reference)
  const settled = (reference: string) => intentSettled(t, reference)
  const paymentsOf = (applicantId: string) =>
    t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.instituteId, instituteId), eq(payments.applicantId, applicantId)))

  beforeAll(async () => {
    instituteId = await demoInstituteId(t)
    form = await insertForm(t, instituteId, { fee })
  })

  it('refuses a second start while the first is at the gateway, offering that one instead', async () => {
    const applicant = await feeDue()
    const one = await started(applicant.temporaryId)
    // Another tab (a new key) while the first tab is on the gateway's page.
    const second = await start(applicant.temporaryId)
    expect(second.status).toBe(409)
    expect(await second.json()).toMatchObject({
      code: 'payment_in_progress',
      values: { minutes: 1, redirectUrl: one.redirectUrl },
    })
    // The first page paid, but its notification lost: the next start asks the gateway, finds
    // the fee paid, and refuses as such.
    await press(one.redirectUrl, { outcome: 'pay', drop: 'on' })
    const third = await start(applicant.temporaryId)
    expect(third.status).toBe(409)
    expect(await third.json()).toMatchObject({ code: 'application_fee_not_due' })
    expect((await intentOf(one.reference)).status).toBe('succeeded')
    expect(await paymentsOf(applicant.id)).toHaveLength(1)
  })

  it('lets a new start go ahead once the first failed unheard, and of two at once starts one', async () => {
    const applicant = await feeDue()
    const failed = await started(applicant.temporaryId)
    await press(failed.redirectUrl, { outcome: 'fail', drop: 'on' })
    expect((await intentOf(failed.reference)).status).toBe('pending')
    const retry = await start(applicant.temporaryId)
    expect(retry.status).toBe(201)
    expect((await intentOf(failed.reference)).status).toBe('failed')

    const other = await feeDue()
    const both = await Promise.all([start(other.temporaryId), start(other.temporaryId)])
    expect(both.map((res) => res.status).toSorted()).toEqual([201, 409])
  })

  it('holds a payment on a page given up on and paid after a later one, never taking the fee twice', async () => {
    const applicant = await feeDue()
    const one = await started(applicant.temporaryId)
    // Left on the gateway's page past the while a start holds the next ones back.
    await t.database.db
      .update(paymentIntents)
      .set({ createdAt: new Date(Date.now() - startHoldsForMs - 60_000) })
      .where(eq(paymentIntents.reference, one.reference))
    const two = await started(applicant.temporaryId)
    // The second paid and posted, then the first paid on its still-open page after all.
    await press(two.redirectUrl, { outcome: 'pay' })
    await settled(two.reference)
    await press(one.redirectUrl, { outcome: 'pay' })
    await settled(one.reference)
    expect(await paymentsOf(applicant.id)).toHaveLength(1)
    expect(await intentOf(one.reference)).toMatchObject({
      status: 'held',
      heldReason: 'application_fee_not_due',
    })
    // The operator's list: held ones with why and what the gateway said; for fintech only.
    const held = await asUser(
      t,
      admin,
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
    const paidOne = await asUser(t, admin, 'GET', `/api/payments/intents?q=${two.reference}`)
    expect(await paidOne.json()).toMatchObject({
      data: [{ status: 'succeeded', receiptNumber: expect.stringMatching(/^RCT-/) }],
    })
    expect((await asUser(t, admin, 'GET', '/api/payments/intents?status=lost')).status).toBe(422)
    const cashier = await signedInAs(t, 'intents-cashier', ['cashier'])
    expect((await asUser(t, cashier, 'GET', '/api/payments/intents')).status).toBe(403)
  })
})
