import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '../../../../shared/schemas/fees-invoices.ts'
import type { LineFine } from '../../../../shared/schemas/fine-waivers.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { invoices } from '../../../db/schema/fee-invoices.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import { signedInWithRules } from '../../../test-support/admission.ts'
import {
  activeStudentsIn,
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

describe('fine waivers', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let invoice: Invoice
  let path: string
  const fine = async (token = admin) =>
    (await (await asUser(t, token, 'GET', `${path}/fine`)).json()) as LineFine
  const waive = (body: object, token = admin, headers: Record<string, string> = {}) =>
    asUser(t, token, 'POST', `${path}/fine-waivers`, body, headers)

  beforeAll(async () => {
    const db = t.database.db
    const instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const [enrolled] = await activeStudentsIn(db, sessionId, classIds[0]!, 1)
    const head = (await addHead(db, instituteId, { code: 'FWT' })).id
    const { cycle, periods } = await addCycle(db, instituteId, sessionId, 1)
    await addConfig(db, instituteId, {
      academicSessionId: sessionId,
      classId: classIds[0]!,
      feeHeadId: head,
      cycleId: cycle.id,
      amountMinor: 80_000,
    })
    await db.insert(fineRules).values({
      instituteId,
      feeHeadId: head,
      kind: 'fixed_once',
      amountMinor: 5_000,
      effectiveFrom: '2000-01-01',
    })
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      {
        studentId: enrolled!.id,
        academicSessionId: sessionId,
        periodId: periods[0]!.id,
        feeHeadIds: [head],
      },
      { 'Idempotency-Key': 'fine-waiver-invoice' },
    )
    invoice = (await res.json()) as Invoice
    // Long overdue: the fixed fine of 5,000 is charged.
    await db
      .update(invoices)
      .set({ issueDate: '2000-01-01', dueDate: '2000-01-15' })
      .where(eq(invoices.id, invoice.id))
    path = `/api/fees/invoices/${invoice.id}/lines/${invoice.lines[0]!.id}`
  })

  it('waives part of a line’s fine with a reason, audited, once per key', async () => {
    expect(await fine()).toMatchObject({ fineMinor: 5_000, waivedMinor: 0, chargedMinor: 5_000 })
    const key = { 'Idempotency-Key': 'fine-waiver-key-1' }
    const res = await waive({ amountMinor: 2_000, reason: 'Hospital stay' }, admin, key)
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      fineMinor: 5_000,
      waivedMinor: 2_000,
      chargedMinor: 3_000,
      waivers: [expect.objectContaining({ amountMinor: 2_000, reason: 'Hospital stay' })],
    })
    const again = await waive({ amountMinor: 2_000, reason: 'Hospital stay' }, admin, key)
    expect(again.status).toBe(200)
    const other = await waive({ amountMinor: 1_000, reason: 'Hospital stay' }, admin, key)
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({
      code: 'idempotency_conflict',
      values: { subject: 'fine_waiver' },
    })
    expect((await fine()).waivers).toHaveLength(1)
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, invoice.id), eq(auditLog.action, 'waive_fine')))
    expect(row).toMatchObject({ area: 'fees', entity: 'invoice' })
  })

  it('refuses a waiver without reason or over the fine, naming the field', async () => {
    const noReason = await waive({ amountMinor: 100 })
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      fields: { reason: [expect.objectContaining({ code: 'required' })] },
    })
    const blank = await waive({ amountMinor: 100, reason: '  ' })
    expect(blank.status).toBe(422)
    expect(await blank.json()).toMatchObject({
      fields: { reason: [expect.objectContaining({ code: 'fine_waiver_reason_required' })] },
    })
    const over = await waive({ amountMinor: 3_001, reason: 'Too much' })
    expect(over.status).toBe(422)
    expect(await over.json()).toMatchObject({
      fields: {
        amountMinor: [
          expect.objectContaining({ code: 'fine_waiver_over_fine', values: { max: 3_000 } }),
        ],
      },
    })
    const fraction = await waive({ amountMinor: 1.5, reason: 'Fraction' })
    expect(fraction.status).toBe(422)
    expect(await fraction.json()).toMatchObject({ fields: { amountMinor: expect.anything() } })
  })

  it('waives the rest without an amount, then has nothing to waive', async () => {
    const res = await waive({ reason: 'Principal’s decision' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ waivedMinor: 5_000, chargedMinor: 0 })
    const nothing = await waive({ reason: 'Again' })
    expect(nothing.status).toBe(422)
    expect(await nothing.json()).toMatchObject({
      fields: { amountMinor: [expect.objectContaining({ code: 'fine_waiver_no_fine' })] },
    })
  })

  it('needs fine-waiver to waive and keeps other institutes out', async () => {
    const reader = await signedInWithRules(t, 'fine-reader', [
      { action: 'read', subject: 'group-invoice' },
    ])
    expect((await asUser(t, reader, 'GET', `${path}/fine`)).status).toBe(200)
    expect((await waive({ amountMinor: 1, reason: 'No right' }, reader)).status).toBe(403)

    await addUser(t, {
      username: 'fine-other',
      password: 'fine-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'fine-other', 'fine-other-pass')
    expect((await asUser(t, other, 'GET', `${path}/fine`)).status).toBe(404)
    expect((await waive({ amountMinor: 1, reason: 'Elsewhere' }, other)).status).toBe(404)
    const unknown = `/api/fees/invoices/${invoice.id}/lines/not-a-line/fine-waivers`
    expect((await asUser(t, admin, 'POST', unknown, { reason: 'x' })).status).toBe(404)
  })
})
