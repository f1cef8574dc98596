import { and, eq, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  AdvanceHolderQuerySchema,
  AdvanceOverrideRequestSchema,
  AdvanceSettingsSchema,
  DecisionNoteSchema,
  type AdvanceOverride,
  type ValidAdvanceOverride,
  AdvanceFamilySchema,
  AdvanceHolderListSchema,
  AdvanceOverrideListSchema,
  AdvanceOverrideSchema,
} from '../../../shared/schemas/advances.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { advanceOverrides } from '../../db/schema/collection.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { audit } from '../../lib/audit.ts'
import { forbidden, requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { fineAsOf } from '../fees/rules/fine-read.ts'
import { checkOverride, runOverride } from './advance-override.ts'
import { advanceHolders, familyAdvances, listedOverrides } from './advance-read.ts'
import { advanceSettingsOf, saveAdvanceSettings } from './advance-settings.ts'
import { isUuid } from '../../lib/ids.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { assertStudentInScope } from './family-read.ts'

async function oneOverride(db: Db, instituteId: string, id: string): Promise<AdvanceOverride> {
  const [found] = await listedOverrides(db, instituteId, sql`o.id = ${id}`)
  if (!found) throw notFound('override_not_found')
  return found
}

/** The override as asked, read back from its row (an approval runs what was asked). */
const askedOf = (row: typeof advanceOverrides.$inferSelect): ValidAdvanceOverride => {
  const base = { studentId: row.studentId, reason: row.reason }
  switch (row.kind) {
    case 'apply':
      return { ...base, kind: 'apply', amountMinor: row.amountMinor, lineIds: row.lineIds }
    case 'undo':
      return { ...base, kind: 'undo', paymentId: row.paymentId! }
    case 'transfer':
      return {
        ...base,
        kind: 'transfer',
        amountMinor: row.amountMinor,
        toStudentId: row.toStudentId!,
      }
    case 'refund':
      return {
        ...base,
        kind: 'refund',
        amountMinor: row.amountMinor,
        method: row.method!,
        bankAccount: row.bankAccount,
      }
  }
}

/** Approves or rejects a pending override: never by who asked for it. */
async function decide(c: Context<AppEnv>, decision: 'approve' | 'reject', note: string) {
  const { database, auth } = c.var
  const id = c.req.param('overrideId')
  if (!isUuid(id)) throw notFound('override_not_found')
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(advanceOverrides)
      .where(rowKey(advanceOverrides, auth.instituteId, id))
      .for('update')
    if (!row) throw notFound('override_not_found')
    if (row.requestedBy === auth.user.id) throw forbidden('override_self_approval')
    if (row.status !== 'pending') throw conflict('override_not_pending')
    let made = { paymentId: row.paymentId, voucherId: row.voucherId }
    if (decision === 'approve') {
      const asked = askedOf(row)
      await assertStudentInScope(tx, auth.instituteId, asked.studentId, campusScope(auth))
      const checked = await checkOverride(tx, auth.instituteId, asked, auth.user.id)
      made = await runOverride(tx, auth.instituteId, asked, checked, {
        overrideId: row.id,
        reason: row.reason,
        by: auth.user.id,
      })
    }
    const status = decision === 'approve' ? 'done' : 'rejected'
    await tx
      .update(advanceOverrides)
      .set({ status, ...made, decidedBy: auth.user.id, decidedAt: new Date(), decisionNote: note })
      .where(rowKey(advanceOverrides, auth.instituteId, id))
    await audit(c, tx, {
      area: 'collection',
      action: decision,
      entity: 'advance_override',
      entityId: id,
      before: { status: row.status },
      after: { status, decisionNote: note, ...made },
    })
  })
  return c.json(await oneOverride(database.db, auth.instituteId, id))
}

/**
 * Students' advances (permission advance-override): who holds one, a family's movements and
 * overrides (read); the policy (update); an override asked (create; Idempotency-Key required),
 * done at once up to the policy's amount, else pending until another user approves or rejects
 * it (update).
 */
export const advanceRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: AdvanceHolderListSchema, query: AdvanceHolderQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'advance-override'), async (c) => {
    const { q } = readQuery(c, AdvanceHolderQuerySchema)
    const { database, auth } = c.var
    return c.json(await advanceHolders(database.db, auth.instituteId, q, campusScope(auth)))
  })

  .get('/settings', documented({ answers: AdvanceSettingsSchema }))

  .get('/settings', requireAuth(), requirePermission('read', 'advance-override'), async (c) =>
    c.json(await advanceSettingsOf(c.var.database.db, c.var.auth.instituteId)),
  )

  .put('/settings', documented({ answers: AdvanceSettingsSchema, body: AdvanceSettingsSchema }))

  .put('/settings', requireAuth(), requirePermission('update', 'advance-override'), async (c) => {
    const body = await readJson(c, AdvanceSettingsSchema)
    const { database, auth } = c.var
    await database.db.transaction(async (tx) => {
      const before = await advanceSettingsOf(tx, auth.instituteId)
      await saveAdvanceSettings(tx, auth.instituteId, body, auth.user.id)
      await audit(c, tx, {
        area: 'collection',
        action: 'update',
        entity: 'advance_settings',
        entityId: auth.instituteId,
        before,
        after: body,
      })
    })
    return c.json(await advanceSettingsOf(database.db, auth.instituteId))
  })

  .get('/families/:studentId', documented({ answers: AdvanceFamilySchema }))

  .get(
    '/families/:studentId',
    requireAuth(),
    requirePermission('read', 'advance-override'),
    async (c) => {
      const { db } = c.var.database
      const { instituteId } = c.var.auth
      const studentId = c.req.param('studentId')
      await assertStudentInScope(db, instituteId, studentId, campusScope(c.var.auth))
      const asOf = await fineAsOf(c, db)
      return c.json(await familyAdvances(db, instituteId, studentId, asOf))
    },
  )

  .get('/overrides', documented({ answers: AdvanceOverrideListSchema }))

  .get('/overrides', requireAuth(), requirePermission('read', 'advance-override'), async (c) =>
    c.json({
      data: await listedOverrides(
        c.var.database.db,
        c.var.auth.instituteId,
        sql`o.status = 'pending'`,
      ),
    }),
  )

  .post(
    '/overrides',
    documented({
      answers: AdvanceOverrideSchema,
      body: AdvanceOverrideRequestSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )

  .post('/overrides', requireAuth(), requirePermission('create', 'advance-override'), async (c) => {
    const body = await readJson(c, AdvanceOverrideRequestSchema)
    const key = idempotencyKey(c, { required: true })
    const { database, auth } = c.var
    const fingerprint = fingerprintOf(body)
    const { answer: id, replayed } = await withIdempotency(
      {
        key,
        fingerprint,
        subject: 'advance',
        find: async (key) => {
          const [earlier] = await database.db
            .select({ id: advanceOverrides.id, hash: advanceOverrides.payloadHash })
            .from(advanceOverrides)
            .where(
              and(
                eq(advanceOverrides.instituteId, auth.instituteId),
                eq(advanceOverrides.idempotencyKey, key),
              ),
            )
          return earlier && { fingerprint: earlier.hash, answer: earlier.id }
        },
      },
      () =>
        database.db.transaction(async (tx) => {
          await assertStudentInScope(tx, auth.instituteId, body.studentId, campusScope(auth))
          const checked = await checkOverride(tx, auth.instituteId, body, auth.user.id)
          const { approvalAboveMinor } = await advanceSettingsOf(tx, auth.instituteId)
          const pending = checked.amountMinor > approvalAboveMinor
          const [row] = await tx
            .insert(advanceOverrides)
            .values({
              instituteId: auth.instituteId,
              kind: body.kind,
              status: pending ? 'pending' : 'done',
              studentId: body.studentId,
              amountMinor: checked.amountMinor,
              toStudentId: body.kind === 'transfer' ? body.toStudentId : null,
              lineIds: body.kind === 'apply' ? body.lineIds : [],
              paymentId: checked.paymentId,
              method: body.kind === 'refund' ? body.method : null,
              bankAccount: body.kind === 'refund' ? body.bankAccount : '',
              reason: body.reason,
              requestedBy: auth.user.id,
              idempotencyKey: key,
              payloadHash: fingerprint,
            })
            .returning({ id: advanceOverrides.id })
          const id = row!.id
          const made = pending
            ? {}
            : await runOverride(tx, auth.instituteId, body, checked, {
                overrideId: id,
                reason: body.reason,
                by: auth.user.id,
              })
          if (!pending) {
            await tx
              .update(advanceOverrides)
              .set(made)
              .where(rowKey(advanceOverrides, auth.instituteId, id))
          }
          await audit(c, tx, {
            area: 'collection',
            action: pending ? 'request' : 'override',
            entity: 'advance_override',
            entityId: id,
            after: { ...body, amountMinor: checked.amountMinor, ...made },
          })
          return id
        }),
    )
    return c.json(await oneOverride(database.db, auth.instituteId, id), replayed ? 200 : 201)
  })

  .post(
    '/overrides/:overrideId/approve',
    documented({ answers: AdvanceOverrideSchema, body: DecisionNoteSchema }),
  )

  .post(
    '/overrides/:overrideId/approve',
    requireAuth(),
    requirePermission('update', 'advance-override'),
    async (c) => decide(c, 'approve', (await readJson(c, DecisionNoteSchema)).note),
  )

  .post(
    '/overrides/:overrideId/reject',
    documented({ answers: AdvanceOverrideSchema, body: DecisionNoteSchema }),
  )

  .post(
    '/overrides/:overrideId/reject',
    requireAuth(),
    requirePermission('update', 'advance-override'),
    async (c) => decide(c, 'reject', (await readJson(c, DecisionNoteSchema)).note),
  )
