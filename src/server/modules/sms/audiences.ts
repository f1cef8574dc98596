import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  SmsAudiencePreviewInputSchema,
  SmsAudiencePreviewSchema,
  type SmsAudiencePreview,
  type SmsAudienceSchema,
} from '../../../shared/schemas/sms.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { smsOptOuts } from '../../db/schema/sms.ts'
import { students } from '../../db/schema/students.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { campusScope, inCampusScope, type CampusScope } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { toE164 } from '../../lib/phone-numbers.ts'
import { readJson } from '../../lib/validate.ts'
import { owedLines } from '../fees/invoices/owed-lines.ts'
import { enrolled } from '../students/enrolment-read.ts'
import { defaultSessionId } from '../students/student-read.ts'
import { smsCountry } from './settings.ts'

type Audience = v.InferOutput<typeof SmsAudienceSchema>

/** Someone an audience names, before their number is read. */
interface Candidate {
  written: string
  name: string
  studentId?: string
}

/** Someone who gets the message, at a number in E.164. */
export interface Recipient {
  number: string
  name: string
  studentId?: string
}

export interface ResolvedAudience {
  recipients: Recipient[]
  duplicates: number
  optedOut: number
  unreachable: { written: string; name: string }[]
}

/** The current session's active students where the audience places them, with their guardian. */
async function guardians(
  db: Db,
  instituteId: string,
  audience: Extract<Audience, { kind: 'guardians' | 'owing' }>,
  scope: CampusScope,
): Promise<Candidate[]> {
  const sessionId = await defaultSessionId(db, instituteId)
  if (!sessionId) return []
  const e = enrolled(db, {
    instituteId,
    academicSessionId: sessionId,
    classIds: audience.classId ? [audience.classId] : [],
    sectionIds: audience.sectionId ? [audience.sectionId] : [],
    groupIds: audience.groupId ? [audience.groupId] : [],
    campusId: audience.campusId ?? null,
    status: 'active',
  })
  const rows = await db
    .select({
      studentId: e.studentId,
      name: students.guardianName,
      written: students.guardianPhone,
    })
    .from(e)
    .innerJoin(students, and(eq(students.instituteId, e.instituteId), eq(students.id, e.studentId)))
    .where(inCampusScope(scope, sql`${e.campusId}`))
    .orderBy(e.studentCode)
  return rows.map((r) => ({ ...r, name: r.name || r.written }))
}

/**
 * The students whose family owes more than the amount as of the day: principal fallen due by
 * then and not paid by then (fines left out), read as the due report reads it.
 */
async function owingFamilies(
  db: Db,
  instituteId: string,
  audience: Extract<Audience, { kind: 'owing' }>,
): Promise<Set<string>> {
  const rows = rowsOf<{ student_id: string }>(
    await db.execute(sql`${owedLines(instituteId, audience.asOf)},
    by_family as (
      select coalesce(nullif(s.family_key, ''), s.id::text) as family, sum(o.principal) as owed
      from owed o join students s on s.institute_id = o.institute_id and s.id = o.student_id
      where o.due_date <= ${audience.asOf}
      group by 1
    )
    select s.id as student_id
    from students s
    join by_family f on f.family = coalesce(nullif(s.family_key, ''), s.id::text)
    where s.institute_id = ${instituteId} and f.owed > ${audience.moreThanMinor}`),
  )
  return new Set(rows.map((r) => r.student_id))
}

/** Numbers pasted in: one a line, or separated by commas or semicolons. */
const pasted = (numbers: string): Candidate[] =>
  numbers
    .split(/[\n,;]+/)
    .map((n) => n.trim())
    .filter(Boolean)
    .map((written) => ({ written, name: written }))

/**
 * Who an audience reaches: each number read in E.164 (in the institute's country when written
 * without a code), the unreachable ones listed and never sent, opted-out numbers left out, and
 * a number reached once (one message a family, when the template says so; pasted numbers
 * always). A user limited to some campuses reaches their campuses' students alone.
 */
export async function resolveAudience(
  db: Db,
  instituteId: string,
  audience: Audience,
  { onePerFamily, scope }: { onePerFamily: boolean; scope: CampusScope },
): Promise<ResolvedAudience> {
  let candidates: Candidate[]
  if (audience.kind === 'numbers') candidates = pasted(audience.numbers)
  else {
    candidates = await guardians(db, instituteId, audience, scope)
    if (audience.kind === 'owing') {
      const owing = await owingFamilies(db, instituteId, audience)
      candidates = candidates.filter((c) => owing.has(c.studentId!))
    }
  }
  const [country, optOuts] = await Promise.all([
    smsCountry(db, instituteId),
    db
      .select({ number: smsOptOuts.number })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.instituteId, instituteId)),
  ])
  const optedOutNumbers = new Set(optOuts.map((o) => o.number))
  const onePerNumber = onePerFamily || audience.kind === 'numbers'
  const seen = new Set<string>()
  const resolved: ResolvedAudience = { recipients: [], duplicates: 0, optedOut: 0, unreachable: [] }
  for (const candidate of candidates) {
    const number = toE164(candidate.written, country)
    if (!number) resolved.unreachable.push({ written: candidate.written, name: candidate.name })
    else if (onePerNumber && seen.has(number)) resolved.duplicates += 1
    else {
      seen.add(number)
      // A family that opted out counts once, as the one message it would have had.
      if (optedOutNumbers.has(number)) resolved.optedOut += 1
      else
        resolved.recipients.push({ number, name: candidate.name, studentId: candidate.studentId })
    }
  }
  return resolved
}

/** How many unreachable numbers, and recipients, a preview lists. */
const listed = { unreachable: 100, sample: 20 }

/** /api/sms/audiences (permission sms-notification): who a message would reach, before sending. */
export const audienceRoutes = new Hono<AppEnv>()
  .post(
    '/preview',
    documented({ answers: SmsAudiencePreviewSchema, body: SmsAudiencePreviewInputSchema }),
  )
  .post('/preview', requireAuth(), requirePermission('read', 'sms-notification'), async (c) => {
    const { audience, onePerFamily } = await readJson(c, SmsAudiencePreviewInputSchema)
    const { database, auth } = c.var
    const scope = campusScope(auth, 'campusId' in audience ? audience.campusId : undefined)
    const resolved = await resolveAudience(database.db, auth.instituteId, audience, {
      onePerFamily,
      scope,
    })
    return c.json<SmsAudiencePreview>({
      recipients: resolved.recipients.length,
      duplicates: resolved.duplicates,
      optedOut: resolved.optedOut,
      unreachable: resolved.unreachable.slice(0, listed.unreachable),
      unreachableCount: resolved.unreachable.length,
      sample: resolved.recipients
        .slice(0, listed.sample)
        .map(({ number, name }) => ({ number, name })),
    })
  })
