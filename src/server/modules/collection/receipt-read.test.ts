import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Receipt } from '../../../shared/schemas/collection-receipts.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { students } from '../../db/schema/students.ts'
import { demoCampuses } from '../../seeds/seed.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

describe('a receipt as it prints', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let receipt: Receipt
  let family: Awaited<ReturnType<typeof counterFamily>>

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'RCR', '+880 1711-555081')
    const cashier = await signedInAs(t, 'receipt-read-cashier', ['cashier'])
    // The family studies at the Uttara campus, its guardian named.
    const db = t.database.db
    const [uttara] = await db
      .select()
      .from(campuses)
      .where(eq(campuses.code, demoCampuses.north.code))
    await db
      .update(students)
      .set({ campusId: uttara!.id, guardianName: 'Rahima Begum' })
      .where(inArray(students.id, family.studentIds))
    const seen = await familyOf(t, cashier, family.studentIds[0]!)
    const lines = seen.members.flatMap((m) => m.lines)
    const total = lines.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
    const res = await asUser(
      t,
      cashier,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: lines.map((l) => ({
          lineId: l.lineId,
          principalMinor: l.dueMinor,
          fineMinor: l.fineMinor,
        })),
        tenders: [{ method: 'cash', amountMinor: total }],
      },
      { 'Idempotency-Key': 'receipt-read-1' },
    )
    const taken = (await res.json()) as Receipt
    expect(res.status, JSON.stringify(taken)).toBe(201)
    const { id } = taken
    const read = await asUser(t, cashier, 'GET', `/api/collection/payments/${id}`)
    receipt = (await read.json()) as Receipt
  })

  it('groups the lines by child, the one looked up first, each with what it paid', () => {
    const order = receipt.lines.map((l) => l.studentId)
    const [first, second] = family.studentIds
    // The first child's three lines (two periods), then the second's two: never interleaved.
    expect(order).toEqual([first, first, first, second, second])
    expect(receipt.students.map((s) => s.studentId)).toEqual([first, second])
    for (const s of receipt.students) {
      const own = receipt.lines.filter((l) => l.studentId === s.studentId)
      expect(s.paidMinor).toBe(own.reduce((sum, l) => sum + l.principalMinor + l.fineMinor, 0))
    }
    expect(receipt.students.reduce((sum, s) => sum + s.paidMinor, 0)).toBe(receipt.receivedMinor)
  })

  it('names the payer and carries the campus’s own address and the copies the institute prints', () => {
    expect(receipt.payerName).toBe('Rahima Begum')
    expect(receipt.campusName).toBe(demoCampuses.north.name)
    expect(receipt.campusAddress).toBe(demoCampuses.north.address)
    expect(receipt.campusAddress).not.toBe(receipt.institute.address)
    expect(receipt.copies).toBe('guardian')
    expect(receipt.institute.currency).toBe('BDT')
  })
})
