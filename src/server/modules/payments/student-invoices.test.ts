import { and, eq, ne, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CashierDay } from '../../../shared/schemas/collection-days.ts'
import type { PaymentOutcome, StartedPayment } from '../../../shared/schemas/payments.ts'
import type { PaidReport } from '../../../shared/schemas/reports.ts'
import type { GuardianAccess } from '../../../shared/schemas/student-invoice.ts'
import { payments } from '../../db/schema/collection.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { paymentInstituteServices } from '../../db/schema/payments.ts'
import { students } from '../../db/schema/students.ts'
import { counterFamily } from '../../test-support/collection.ts'
import { intentRow, intentSettled, pressInSandbox } from '../../test-support/online-payments.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, jsonRequest, signIn, type TestApp } from '../../test-support/test-app.ts'

type Opened = Extract<GuardianAccess, { step: 'invoices' }>

describe('a guardian pays a student’s invoices on the student invoice page', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const phone = '+880 1711-777001'
  let family: Awaited<ReturnType<typeof counterFamily>>
  let code: string
  let keys = 0

  const lookup = (body: object, address = '10.7.0.1') =>
    t.app.request(
      '/api/payments/public/demo-school/student-invoices',
      jsonRequest({ studentId: code, ...body }),
      { incoming: { socket: { remoteAddress: address } } },
    )
  const opened = async (body: object = { phone: '01711777001' }) => {
    const res = await lookup(body)
    expect(res.status).toBe(200)
    const answer = (await res.json()) as GuardianAccess
    if (answer.step !== 'invoices') throw new Error('no invoices')
    return answer
  }
  const start = (body: object, key = `dues-key-${++keys}`) =>
    t.app.request(
      '/api/payments/public/demo-school/intents',
      jsonRequest({ purpose: 'dues', ...body }, { 'Idempotency-Key': key }),
    )
  const pay = async (redirectUrl: string, fields: Record<string, string>) =>
    expect((await pressInSandbox(t, redirectUrl, fields)).status).toBe(303)
  const intentOf = (reference: string) => intentRow(t, reference)
  const settled = (reference: string) => intentSettled(t, reference)
  const setDues = (set: { guardianCode?: boolean; enabled?: boolean }) =>
    t.database.db
      .update(paymentInstituteServices)
      .set(set)
      .where(
        and(
          eq(paymentInstituteServices.instituteId, family.instituteId),
          eq(paymentInstituteServices.service, 'dues'),
        ),
      )

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'GIP', phone)
    const [row] = await t.database.db
      .select({ code: students.studentCode })
      .from(students)
      .where(eq(students.id, family.studentIds[0]!))
    code = row!.code
  })

  it('opens the open invoices with fines for the student ID and the guardian phone or date of birth', async () => {
    const answer = await opened()
    expect(answer.student.studentId).toBe(code)
    expect(answer.invoices.map((i) => i.invoiceId).sort()).toEqual(
      [family.invoices[0]!.id, family.invoices[2]!.id].sort(),
    )
    const overdue = answer.invoices.find((i) => i.invoiceId === family.invoices[0]!.id)!
    expect(overdue.lines.some((l) => l.fineMinor > 0)).toBe(true)
    expect(overdue.totalMinor).toBe(overdue.lines.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0))
    expect(answer.online).toMatchObject({ provider: 'sandbox', bearer: 'payer' })
    // The student ID in any case, the phone written any way.
    expect((await lookup({ studentId: code.toLowerCase(), phone })).status).toBe(200)
    const [student] = await t.database.db
      .select({ born: students.dateOfBirth })
      .from(students)
      .where(eq(students.id, family.studentIds[0]!))
    if (student!.born) expect((await lookup({ dateOfBirth: student!.born })).status).toBe(200)
  })

  it('refuses wrong details alike for a known and an unknown student, slower after five', async () => {
    const wrong = await lookup({ phone: '01999000000' }, '10.7.1.1')
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ code: 'guardian_not_matched' })
    const unknown = await lookup({ studentId: 'NOPE-0001', phone }, '10.7.1.1')
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toMatchObject({ code: 'guardian_not_matched' })
    for (let i = 0; i < 4; i++) await lookup({ phone: `0199900000${i}` }, '10.7.1.1')
    const limited = await lookup({ phone }, '10.7.1.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The owner from another address is not locked out.
    expect((await lookup({ phone }, '10.7.1.2')).status).toBe(200)
    const blank = await lookup({ phone: '', dateOfBirth: '' })
    expect(blank.status).toBe(422)
    expect(await blank.json()).toMatchObject({ fields: { phone: expect.anything() } })
  })

  it('refuses a student’s details after twenty wrong tries from anywhere, for the window', async () => {
    const [youngest] = await t.database.db
      .select({ code: students.studentCode })
      .from(students)
      .where(eq(students.id, family.studentIds[2]!))
    const attempt = (born: string, address: string) =>
      lookup({ studentId: youngest!.code, dateOfBirth: born }, address)
    for (let i = 0; i < 20; i++) {
      const day = String(i + 1).padStart(2, '0')
      expect((await attempt(`2001-01-${day}`, `10.7.3.${i}`)).status).toBe(401)
    }
    // The right details from a fresh address: the student is closed for the window.
    const closed = await lookup({ studentId: youngest!.code, phone }, '10.7.3.200')
    expect(closed.status).toBe(429)
    expect(Number(closed.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses a second start of an invoice already at the gateway; another invoice goes ahead', async () => {
    const answer = await opened()
    const [overdue, later] = answer.invoices.map((i) => i.invoiceId)
    const first = await start({ access: answer.access, invoiceIds: [overdue] })
    expect(first.status).toBe(201)
    const firstPage = (await first.json()) as StartedPayment
    // Another tab chooses both: one of them is on the gateway's page already.
    const both = await start({ access: answer.access, invoiceIds: [overdue, later] })
    expect(both.status).toBe(409)
    expect(await both.json()).toMatchObject({
      code: 'payment_in_progress',
      values: { redirectUrl: firstPage.redirectUrl },
    })
    const other = await start({ access: answer.access, invoiceIds: [later] })
    expect(other.status).toBe(201)
    // Both given up on the gateway's pages: the invoices are open to pay again.
    const otherPage = (await other.json()) as StartedPayment
    for (const page of [firstPage, otherPage]) {
      await pay(page.redirectUrl, { outcome: 'cancel' })
      await settled(page.reference)
    }
    expect((await opened()).invoices).toHaveLength(2)
  })

  it('pays two invoices in one payment: one receipt, both invoices paid, the guardian’s SMS, the day and the paid report', async () => {
    const answer = await opened()
    const chosen = answer.invoices.map((i) => i.invoiceId)
    const amount = answer.invoices.reduce((s, i) => s + i.totalMinor, 0)
    const key = 'dues-two-invoices'
    const first = await start({ access: answer.access, invoiceIds: chosen }, key)
    expect(first.status).toBe(201)
    const intent = (await first.json()) as StartedPayment
    // A retry after a fresh check (a new pass) is the same payment.
    const again = await start({ access: (await opened()).access, invoiceIds: chosen }, key)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(intent)
    const row = await intentOf(intent.reference)
    expect(row).toMatchObject({ amountMinor: amount, studentId: family.studentIds[0] })
    expect(row.surchargeMinor).toBe(Math.floor((amount * 150 + 5_000) / 10_000))

    await pay(intent.redirectUrl, { outcome: 'pay', copies: '3' })
    await settled(intent.reference)
    const outcomeRes = await t.app.request(`/api/payments/public/intents/${intent.reference}`)
    const outcome = (await outcomeRes.json()) as PaymentOutcome
    expect(outcome.status).toBe('succeeded')
    expect(outcome.backTo).toBe(`/student/invoice?institute=demo-school&student=${code}`)
    const taken = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, (await intentOf(intent.reference)).paymentId!))
    expect(taken).toHaveLength(1)
    expect(taken[0]).toMatchObject({ amountMinor: amount, collectedBy: null })
    expect((await opened()).invoices).toEqual([])
    const sms = await t.lastMessageTo(phone)
    expect(sms).toContain(taken[0]!.number)

    const paid = (await (
      await asUser(t, admin, 'GET', `/api/reports/paid?q=${taken[0]!.number}`)
    ).json()) as PaidReport
    expect(paid.data).toHaveLength(1)
    expect(paid.data[0]).toMatchObject({ methods: ['online'], receivedMinor: amount })
    const day = (await (
      await asUser(t, admin, 'GET', `/api/collection/days?day=${taken[0]!.receivedOn}`)
    ).json()) as CashierDay
    expect(day.online).toEqual({ receipts: 1, amountMinor: amount })
    expect(day.receipts.map((r) => r.number)).not.toContain(taken[0]!.number)

    // A cashier limited to a campus is told of that campus's online money alone.
    const [elsewhere] = await t.database.db
      .select({ id: campuses.id })
      .from(campuses)
      .where(
        and(eq(campuses.instituteId, taken[0]!.instituteId), ne(campuses.id, taken[0]!.campusId)),
      )
    const onlineFor = async (campusId: string, username: string) => {
      const user = await addUser(t, { username, password: 'campus-pass-2026' })
      const roles = (await (
        await asUser(t, admin, 'GET', '/api/access/users/role-options')
      ).json()) as { data: { id: string; name: string }[] }
      const limited = await asUser(t, admin, 'PATCH', `/api/access/users/${user.id}`, {
        roleIds: [roles.data.find((r) => r.name === 'cashier')!.id],
        campusIds: [campusId],
      })
      expect(limited.status).toBe(200)
      const token = await signIn(t, username, 'campus-pass-2026')
      const read = await asUser(t, token, 'GET', `/api/collection/days?day=${taken[0]!.receivedOn}`)
      return ((await read.json()) as CashierDay).online
    }
    expect(await onlineFor(taken[0]!.campusId, 'online-here')).toEqual({
      receipts: 1,
      amountMinor: amount,
    })
    expect(await onlineFor(elsewhere!.id, 'online-elsewhere')).toEqual({
      receipts: 0,
      amountMinor: 0,
    })
  })

  it('refuses an invoice paid meanwhile, another student’s invoice, a foreign or stale pass', async () => {
    const answer = await opened()
    expect(answer.invoices).toEqual([])
    const paidAlready = await start({ access: answer.access, invoiceIds: [family.invoices[0]!.id] })
    expect(paidAlready.status).toBe(409)
    expect(await paidAlready.json()).toMatchObject({ code: 'invoice_not_open' })
    // The sibling's invoice is not this pass's to pay.
    const sibling = await start({ access: answer.access, invoiceIds: [family.invoices[1]!.id] })
    expect(sibling.status).toBe(409)
    const forged = await start({
      access: `${answer.access}x`,
      invoiceIds: [family.invoices[1]!.id],
    })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ code: 'guardian_access_expired' })
    const none = await start({ access: answer.access, invoiceIds: [] })
    expect(none.status).toBe(422)
    expect((await start({ invoiceIds: [family.invoices[1]!.id] })).status).toBe(422)
  })

  it('holds a payment whose invoice the counter took meanwhile: nothing posted, the money kept for review', async () => {
    const [sibling] = await t.database.db
      .select({ code: students.studentCode })
      .from(students)
      .where(eq(students.id, family.studentIds[1]!))
    const res = await lookup({ studentId: sibling!.code, phone })
    const answer = (await res.json()) as Opened
    const invoiceId = family.invoices[1]!.id
    const intent = (await (
      await start({ access: answer.access, invoiceIds: [invoiceId] })
    ).json()) as StartedPayment
    // The counter takes the invoice while the guardian is on the gateway's page.
    await t.database.db.execute(
      sql`update invoice_lines set paid_minor = paid_minor + 1 where invoice_id = ${invoiceId}`,
    )
    await pay(intent.redirectUrl, { outcome: 'pay' })
    await settled(intent.reference)
    const held = await intentOf(intent.reference)
    expect(held.status).toBe('held')
    expect(held.heldReason).not.toBe('')
    expect(held.paymentId).toBeNull()
  })

  it('asks for a code sent to the guardian phone first, where the institute wants it', async () => {
    await setDues({ guardianCode: true })
    try {
      const res = await lookup({ phone }, '10.7.2.1')
      expect(res.status).toBe(200)
      const sent = (await res.json()) as GuardianAccess
      if (sent.step !== 'code') throw new Error('no code step')
      expect(sent.sentTo).toBe('••• 001')
      const message = await t.lastMessageTo(phone)
      const typed = /invoices is (\d{6})\./.exec(message ?? '')![1]!
      const wrong = await lookup(
        { phone, challenge: sent.challenge, code: typed === '000000' ? '111111' : '000000' },
        '10.7.2.1',
      )
      expect(wrong.status).toBe(422)
      expect(await wrong.json()).toMatchObject({ fields: { code: expect.anything() } })
      // Someone else's challenge cannot use the code.
      const stranger = await lookup({ phone, challenge: 'not-the-one', code: typed }, '10.7.2.1')
      expect(stranger.status).toBe(422)
      const right = await lookup({ phone, challenge: sent.challenge, code: typed }, '10.7.2.1')
      expect(right.status).toBe(200)
      expect(((await right.json()) as Opened).step).toBe('invoices')
      // Dues not taken online any more: the invoices still show only with the code.
      await setDues({ enabled: false })
      const offline = (await (await lookup({ phone }, '10.7.2.2')).json()) as GuardianAccess
      expect(offline.step).toBe('code')
    } finally {
      await setDues({ guardianCode: false, enabled: true })
    }
  })
})
