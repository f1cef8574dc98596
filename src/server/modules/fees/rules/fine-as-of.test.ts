import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AdvanceFamily } from '../../../../shared/schemas/advances.ts'
import type { Family } from '../../../../shared/schemas/collection-payments.ts'
import type { Invoice } from '../../../../shared/schemas/fees-invoices.ts'
import type { LineFine } from '../../../../shared/schemas/fine-waivers.ts'
import { invoices } from '../../../db/schema/fee-invoices.ts'
import { fineRules } from '../../../db/schema/fee-rules.ts'
import {
  activeStudentsIn,
  addConfig,
  addCycle,
  addHead,
  demoInstituteId,
  demoSession,
} from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../../test-support/test-app.ts'
import { instituteToday } from '../../../lib/today.ts'

/*
 * A fine as of any day (`?asOf=`), wherever the API computes one: a line's fine, the counter's
 * family and a family's advances. Due 2000-01-15 with 5 days' grace at 1.00 a day late: nothing
 * up to 2000-01-20, then 1.00 for each day after.
 */
describe('fines as of a day', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let instituteId: string
  let studentId: string
  let invoice: Invoice
  const get = async <T>(path: string) => {
    const res = await asUser(t, admin, 'GET', path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const lineFine = (asOf = '') =>
    get<LineFine>(
      `/api/fees/invoices/${invoice.id}/lines/${invoice.lines[0]!.id}/fine${asOf && `?asOf=${asOf}`}`,
    )
  const counterFine = async (asOf: string) =>
    (await get<Family>(`/api/collection/families/${studentId}?asOf=${asOf}`)).members[0]!.lines[0]!
      .fineMinor
  const advancesFine = async (asOf: string) =>
    (await get<AdvanceFamily>(`/api/collection/advances/families/${studentId}?asOf=${asOf}`)).family
      .members[0]!.lines[0]!.fineMinor

  beforeAll(async () => {
    const db = t.database.db
    instituteId = await demoInstituteId(db)
    const { sessionId, classIds } = await demoSession(db, instituteId)
    const [enrolled] = await activeStudentsIn(db, sessionId, classIds[0]!, 1)
    studentId = enrolled!.id
    const head = (await addHead(db, instituteId, { code: 'FAO' })).id
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
      kind: 'per_day',
      amountMinor: 100,
      graceDays: 5,
      effectiveFrom: '2000-01-01',
    })
    const res = await asUser(
      t,
      admin,
      'POST',
      '/api/fees/invoices',
      { studentId, academicSessionId: sessionId, periodId: periods[0]!.id, feeHeadIds: [head] },
      { 'Idempotency-Key': 'fine-as-of-invoice' },
    )
    expect(res.status).toBe(201)
    invoice = (await res.json()) as Invoice
    await db
      .update(invoices)
      .set({ issueDate: '2000-01-01', dueDate: '2000-01-15' })
      .where(eq(invoices.id, invoice.id))
  })

  it('charges nothing up to the last day of grace and the rule’s fine after it', async () => {
    expect(await lineFine('2000-01-20')).toMatchObject({ asOf: '2000-01-20', fineMinor: 0 })
    expect(await lineFine('2000-01-21')).toMatchObject({ asOf: '2000-01-21', fineMinor: 100 })
    expect(await lineFine('2000-01-30')).toMatchObject({ fineMinor: 1_000, chargedMinor: 1_000 })
    for (const read of [counterFine, advancesFine]) {
      expect(await read('2000-01-20')).toBe(0)
      expect(await read('2000-01-21')).toBe(100)
      expect(await read('2000-01-30')).toBe(1_000)
    }
  })

  it('counts as of today in the institute’s calendar without asOf', async () => {
    const today = await instituteToday(t.database.db, instituteId)
    expect((await lineFine()).asOf).toBe(today)
    expect((await get<Family>(`/api/collection/families/${studentId}`)).asOf).toBe(today)
  })

  it('refuses an asOf that is not a real YYYY-MM-DD, naming the field', async () => {
    const paths = [
      `/api/fees/invoices/${invoice.id}/lines/${invoice.lines[0]!.id}/fine`,
      `/api/collection/families/${studentId}`,
      `/api/collection/advances/families/${studentId}`,
    ]
    for (const path of paths) {
      for (const bad of ['tomorrow', '2000-02-30', '2000-1-5', '']) {
        const res = await asUser(t, admin, 'GET', `${path}?asOf=${bad}`)
        expect(res.status, `${path}?asOf=${bad}`).toBe(422)
        expect(await res.json()).toMatchObject({ fields: { asOf: expect.any(Array) } })
      }
    }
  })
})
