import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { institutes } from '../../db/schema/institutes.ts'
import { students } from '../../db/schema/students.ts'
import { counterFamily, familyOf } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import type { TestApp } from '../../test-support/test-app.ts'
import { takePayment } from './payment-create.ts'
import { queueGuardianCopy } from './receipt-copy.ts'
import { findReceipt } from './receipt-read.ts'

describe('the guardian’s copy of a receipt', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let family: Awaited<ReturnType<typeof counterFamily>>
  beforeAll(async () => {
    family = await counterFamily(t, admin, 'CPY', '01711-555003')
  })

  it('goes by SMS and email in the institute’s language, with the amount and what is still due', async () => {
    const db = t.database.db
    await db.update(institutes).set({ locale: 'de' }).where(eq(institutes.id, family.instituteId))
    await db
      .update(students)
      .set({ guardianEmail: 'guardian@example.com' })
      .where(eq(students.id, family.studentIds[0]!))
    const line = (await familyOf(t, admin, family.studentIds[0]!)).members[0]!.lines.find(
      (l) => l.fineMinor === 0,
    )!
    const cashierId = (await db.query.users.findFirst())!.id
    const queued = await db.transaction(async (tx) => {
      const id = await takePayment(
        tx,
        family.instituteId,
        {
          studentId: family.studentIds[0]!,
          allocations: [{ lineId: line.lineId, principalMinor: 10_000, fineMinor: 0 }],
          advanceUsed: [],
          toAdvance: null,
          tenders: [
            { method: 'cash', amountMinor: 10_000, bankAccount: '', reference: '', issuer: '' },
          ],
        },
        {
          collectedBy: cashierId,
          idempotencyKey: 'copy-key-1',
          payloadHash: 'x',
        },
      )
      const receipt = await findReceipt(
        tx,
        family.instituteId,
        id,
        (path) => `http://localhost${path}`,
      )
      await queueGuardianCopy(tx, family.instituteId, family.studentIds[0]!, receipt!)
      return tx.execute(
        sql`select channel, recipient, body from outbox where subject like '%RCT-%' order by channel`,
      )
    })
    const rows = (
      queued as unknown as { rows: { channel: string; recipient: string; body: string }[] }
    ).rows
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['email', 'guardian@example.com'],
      ['sms', '01711-555003'],
    ])
    expect(rows[0]!.body).toMatch(/hat .*100,00.* erhalten\. Noch offen:/)
  })
})
