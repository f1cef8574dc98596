import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  SiblingRuleSchema,
  type SiblingRule,
  SiblingPreviewSchema,
} from '../../../../shared/schemas/fee-rules.ts'
import type { AppEnv } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { students } from '../../../db/schema/students.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { readJson } from '../../../lib/validate.ts'
import { checkSession } from './concession-read.ts'
import { headOf } from './rule-heads.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/*
 * /fees/concessions/siblings: the sibling rule. One request asks a percentage concession for
 * the younger siblings of every family (students sharing a family key), each then approved as
 * any other (concessions.ts); /fees/concessions/siblings/preview counts them first.
 */

/** The younger siblings of every family: active students sharing a family key, all but the eldest. */
async function youngerSiblings(db: Db, instituteId: string) {
  const rows = await db
    .select({ id: students.id, familyKey: students.familyKey })
    .from(students)
    .where(
      and(
        eq(students.instituteId, instituteId),
        eq(students.status, 'active'),
        isNotNull(students.familyKey),
        sql`${students.familyKey} <> ''`,
      ),
    )
    .orderBy(
      asc(students.familyKey),
      sql`${students.dateOfBirth} asc nulls last`,
      asc(students.studentCode),
    )
  const families = new Map<string, string[]>()
  for (const r of rows) families.set(r.familyKey!, [...(families.get(r.familyKey!) ?? []), r.id])
  const younger = [...families.values()].filter((ids) => ids.length > 1)
  return { families: younger.length, studentIds: younger.flatMap((ids) => ids.slice(1)) }
}

async function checkSibling(tx: Db, instituteId: string, body: SiblingRule) {
  if (body.feeHeadId !== null) await headOf(tx, instituteId, body.feeHeadId)
  await checkSession(tx, instituteId, body.academicSessionId)
}

export const concessionSiblingRoutes = new Hono<AppEnv>()
  .post('/siblings/preview', documented({ answers: SiblingPreviewSchema, body: SiblingRuleSchema }))
  .post(
    '/siblings/preview',
    requireAuth(),
    requirePermission('create', 'student-concessions'),
    async (c) => {
      const body = await readJson(c, SiblingRuleSchema)
      const { db } = c.var.database
      await checkSibling(db, c.var.auth.instituteId, body)
      const { families, studentIds } = await youngerSiblings(db, c.var.auth.instituteId)
      return c.json({ families, students: studentIds.length })
    },
  )

  .post(
    '/siblings',
    documented({ body: SiblingRuleSchema, status: 201, answers: SiblingPreviewSchema }),
  )

  .post(
    '/siblings',
    requireAuth(),
    requirePermission('create', 'student-concessions'),
    async (c) => {
      const body = await readJson(c, SiblingRuleSchema)
      const { database, auth } = c.var
      const result = await database.db.transaction(async (tx) => {
        await checkSibling(tx, auth.instituteId, body)
        const { families, studentIds } = await youngerSiblings(tx, auth.instituteId)
        // A sibling with a live sibling concession for the same head and session gets no second one.
        const taken = studentIds.length
          ? await tx
              .select({ studentId: concessions.studentId })
              .from(concessions)
              .where(
                and(
                  eq(concessions.instituteId, auth.instituteId),
                  inArray(concessions.studentId, studentIds),
                  eq(concessions.category, 'sibling'),
                  eq(concessions.academicSessionId, body.academicSessionId),
                  inArray(concessions.status, ['requested', 'approved']),
                  body.feeHeadId === null
                    ? sql`${concessions.feeHeadId} is null`
                    : eq(concessions.feeHeadId, body.feeHeadId),
                ),
              )
          : []
        const skip = new Set(taken.map((r) => r.studentId))
        const chosen = studentIds.filter((id) => !skip.has(id))
        if (chosen.length) {
          await tx.insert(concessions).values(
            chosen.map((studentId) => ({
              instituteId: auth.instituteId,
              studentId,
              feeHeadId: body.feeHeadId,
              academicSessionId: body.academicSessionId,
              kind: 'percent' as const,
              rateBp: body.rateBp,
              category: 'sibling' as const,
              reason: body.reason,
              requestedBy: auth.user.id,
            })),
          )
        }
        await audit(c, tx, {
          area: 'fees',
          action: 'request',
          entity: 'concession',
          after: {
            rule: 'sibling',
            ...body,
            families,
            requested: chosen.length,
            skipped: skip.size,
          },
        })
        return { families, students: chosen.length }
      })
      return c.json(result, 201)
    },
  )
