import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { AdmissionFormInput } from '../../shared/schemas/admission-forms.ts'
import type { ApplicantStatus } from '../../shared/schemas/admission-lists.ts'
import { academicSessions, classes, groups } from '../db/schema/academic.ts'
import { roleRules, roles } from '../db/schema/access.ts'
import { admissionForms, applicants } from '../db/schema/admission.ts'
import { newTemporaryId } from '../modules/admission/temporary-id.ts'
import { institutes } from '../db/schema/institutes.ts'
import { addUser, signIn, type TestApp } from './test-app.ts'

/** Where a form is for: a session, a class and maybe a group of its institute, by id. */
export interface FormPlacement {
  academicSessionId: string
  classId: string
  groupId: string | null
}

/**
 * The institute's session, class and group (none unless named) of these names, added to its
 * structure when missing; a session named by one year runs that calendar year, else from July
 * to the next June.
 */
export async function placementIn(
  t: TestApp,
  instituteId: string,
  names: { session?: string; className?: string; group?: string } = {},
): Promise<FormPlacement> {
  const db = t.database.db
  const { session = '2028', className = 'Six', group } = names
  const item = async (table: typeof classes | typeof groups, name: string) => {
    const where = and(
      eq(table.instituteId, instituteId),
      sql`lower(${table.name}) = lower(${name})`,
    )
    const [found] = await db.select({ id: table.id }).from(table).where(where)
    if (found) return found.id
    const [made] = await db
      .insert(table)
      .values({
        instituteId,
        name,
        position: sql`(select coalesce(max(position), 0) + 1 from ${table} where institute_id = ${instituteId})`,
      })
      .returning({ id: table.id })
    return made!.id
  }
  const [found] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.instituteId, instituteId),
        sql`lower(${academicSessions.name}) = lower(${session})`,
      ),
    )
  let academicSessionId = found?.id
  if (!academicSessionId) {
    const year = Number(/\d{4}/.exec(session)?.[0] ?? 2028)
    const split = /\d{4}\D+\d{2,4}/.test(session)
    const [made] = await db
      .insert(academicSessions)
      .values({
        instituteId,
        name: session,
        startsOn: split ? `${year}-07-01` : `${year}-01-01`,
        endsOn: split ? `${year + 1}-06-30` : `${year}-12-31`,
        position: sql`(select coalesce(max(position), 0) + 1 from ${academicSessions} where institute_id = ${instituteId})`,
      })
      .returning({ id: academicSessions.id })
    academicSessionId = made!.id
  }
  return {
    academicSessionId,
    classId: await item(classes, className),
    groupId: group ? await item(groups, group) : null,
  }
}

/** A valid form body for `placement`; tests change what they are about. */
export const formInput = (
  placement: FormPlacement,
  overrides: Partial<AdmissionFormInput> = {},
): AdmissionFormInput => ({
  title: 'Class Six admission 2028',
  ...placement,
  opensOn: '2020-01-01',
  closesOn: '2999-12-31',
  fee: 25000,
  requiredFields: ['dateOfBirth'],
  questions: [
    { id: 'shift', label: 'Shift', kind: 'choice', required: true, options: ['Morning', 'Day'] },
    { id: 'hobby', label: 'Hobbies', kind: 'text', required: false },
  ],
  attachments: [
    {
      kind: 'photo',
      label: 'Photo',
      required: true,
      types: ['image/jpeg', 'image/png'],
      maxBytes: 1024 * 1024,
    },
  ],
  instructions: '',
  ...overrides,
})

export async function demoInstituteId(t: TestApp): Promise<string> {
  const [row] = await t.database.db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.slug, 'demo-school'))
  return row!.id
}

/** A user of the demo institute holding a role made for the test with exactly these rules. */
export async function signedInWithRules(
  t: TestApp,
  username: string,
  rules: { action: string; subject: string }[],
): Promise<string> {
  const instituteId = await demoInstituteId(t)
  const [role] = await t.database.db
    .insert(roles)
    .values({ instituteId, name: `role-of-${username}`, homeRoute: '/dashboard' })
    .returning()
  await t.database.db.insert(roleRules).values(rules.map((r) => ({ roleId: role!.id, ...r })))
  await addUser(t, { username, password: `${username}-pass-1`, roles: [role!.name] })
  return signIn(t, username, `${username}-pass-1`)
}

/** A user of the demo institute with some of its default roles, signed in. */
export async function signedInAs(t: TestApp, username: string, roleNames: string[]) {
  await addUser(t, { username, password: `${username}-pass-1`, roles: roleNames })
  return signIn(t, username, `${username}-pass-1`)
}

/** A form straight into the database (published unless said otherwise). */
export async function insertForm(
  t: TestApp,
  instituteId: string,
  overrides: Partial<typeof admissionForms.$inferInsert> = {},
) {
  const { requiredFields, ...input } = formInput(await placementIn(t, instituteId))
  const [form] = await t.database.db
    .insert(admissionForms)
    .values({
      ...input,
      requiredFields: ['applicantName', 'phone', ...(requiredFields ?? [])],
      instituteId,
      published: true,
      ...overrides,
    })
    .returning()
  return form!
}

/** Short references handed out by insertApplicant: counted, so no two tests' clash. */
let references = 0

/** An application as the public submission would store it, straight into the database. */
export async function insertApplicant(
  t: TestApp,
  form: { id: string; instituteId: string },
  opts: {
    name?: string
    phone?: string
    email?: string
    status?: ApplicantStatus
    dateOfBirth?: string
    fields?: Record<string, string>
    answers?: Record<string, string>
    submittedAt?: Date
    fee?: number
    shortReference?: string
  } = {},
) {
  const name = opts.name ?? 'Nusrat Jahan'
  const phone = opts.phone ?? '+8801711000001'
  const email = opts.email ?? ''
  const dateOfBirth = opts.dateOfBirth ?? '2020-03-15'
  const [row] = await t.database.db
    .insert(applicants)
    .values({
      instituteId: form.instituteId,
      formId: form.id,
      temporaryId: newTemporaryId(),
      shortReference: opts.shortReference ?? `DS-27-${String(++references).padStart(4, '0')}`,
      status: opts.status ?? 'submitted',
      applicantName: name,
      phone,
      email,
      dateOfBirth,
      fields: {
        applicantName: name,
        phone,
        email,
        dateOfBirth,
        gender: 'female',
        fatherName: 'Abdul Karim',
        motherName: 'Rokeya Begum',
        guardianName: 'Abdul Karim',
        address: 'House 12, Road 5, Dhaka',
        previousSchool: '',
        ...opts.fields,
      },
      answers: opts.answers ?? { shift: 'Morning' },
      fee: opts.fee ?? 25000,
      idempotencyKey: randomUUID(),
      payloadHash: randomBytes(32).toString('hex'),
      ...(opts.submittedAt && { submittedAt: opts.submittedAt }),
    })
    .returning()
  return row!
}
