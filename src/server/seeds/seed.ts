import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import {
  AdmissionFormInputSchema,
  type AdmissionFormInput,
} from '../../shared/schemas/admission-forms.ts'
import { generatePassword, hashPassword } from '../lib/password.ts'
import type { Db } from '../db/client.ts'
import { seedStudents } from './demo-students.ts'
import { seedDemoPayments } from './demo-payments.ts'
import type { SecretBox } from '../lib/secret-box.ts'
import { todayIn } from '../lib/today.ts'
import { setUpInstitute } from '../modules/institutes/set-up.ts'
import {
  academicSessions,
  classes,
  groupClasses,
  groups,
  sections,
  shifts,
} from '../db/schema/academic.ts'
import { userRoles } from '../db/schema/access.ts'
import { admissionForms } from '../db/schema/admission.ts'
import { users } from '../db/schema/auth.ts'
import { counterSettings } from '../db/schema/collection.ts'
import { campuses, institutes } from '../db/schema/institutes.ts'

export const demoInstitute = {
  slug: 'demo-school',
  name: 'Demo School and College',
  currency: 'BDT',
  timezone: 'Asia/Dhaka',
  locale: 'en',
  shortName: 'DSC',
  address: 'House 12, Road 7, Dhanmondi, Dhaka 1205',
  phone: '+880 2 9660000',
  email: 'office@demo-school.example',
  currencyDigits: 2,
}

/** The demo institute's campuses: the main one set up with every institute, and a second. */
export const demoCampuses = {
  main: { name: 'Main campus, Dhanmondi', address: 'House 12, Road 7, Dhanmondi, Dhaka 1205' },
  north: {
    name: 'North campus, Uttara',
    code: 'UTTARA',
    address: 'Plot 5, Sector 7, Uttara, Dhaka 1230',
    position: 1,
  },
}

/** The mobile-money services a Dhaka counter takes, offered as the providers to pick from. */
const demoMobileProviders = ['bKash', 'Nagad', 'Rocket']

const demoAdmin = {
  username: 'admin',
  email: 'admin@demo-school.example',
  phone: '+8801700000123',
  fullName: 'Demo Administrator',
}

/** A second demo user with the client role of §6, to see what a restricted user sees. */
const demoClient = {
  username: 'client',
  email: 'client@demo-school.example',
  phone: '+8801700000456',
  fullName: 'Demo Client',
}

/** YYYY-MM-DD `days` after (or before) a YYYY-MM-DD date. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo institute's published admission form, open from a month before the seed until a
 * year after it, so `/admission/demo-school` takes applications from the first start. It is for
 * class One of the session the structure gives (next year's).
 */
function demoAdmissionForm(
  today: string,
  placement: { academicSessionId: string; classId: string },
): AdmissionFormInput {
  return {
    title: 'Class One admission 2027',
    ...placement,
    groupId: null,
    opensOn: addDays(today, -30),
    closesOn: addDays(today, 365),
    fee: 50000,
    requiredFields: ['dateOfBirth', 'gender', 'guardianName'],
    questions: [
      {
        id: 'shift',
        label: 'Which shift would you prefer?',
        kind: 'choice',
        required: true,
        options: ['Morning', 'Day'],
      },
      {
        id: 'siblings',
        label: 'Brothers or sisters at this school (names and classes)',
        kind: 'text',
        required: false,
      },
    ],
    attachments: [
      {
        kind: 'photo',
        label: 'Photo of the applicant',
        required: true,
        types: ['image/jpeg', 'image/png', 'image/webp'],
        maxBytes: 2 * 1024 * 1024,
      },
      {
        kind: 'birth-certificate',
        label: 'Birth certificate',
        required: false,
        types: ['application/pdf', 'image/jpeg', 'image/png'],
        maxBytes: 5 * 1024 * 1024,
      },
    ],
    instructions:
      'Fill in the form and attach a recent photo. The application fee is paid after submitting.',
  }
}

/** The demo's classes in teaching order; groups are chosen from Nine on. */
const demoClasses = [
  'Play',
  'Nursery',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
]

/**
 * The demo's academic structure. Schools in Bangladesh mostly teach January to December, so
 * sessions are calendar years: last year, this year (current) and next year, which the open
 * admission form takes applications for. Each class has sections A and B in the last and the
 * current session; Science, Business and Humanities are for Nine and Ten.
 */
export async function seedAcademicStructure(
  tx: Db,
  instituteId: string,
  today: string,
  sectionNames = ['A', 'B'],
  capacity: number | null = 40,
) {
  const year = Number(today.slice(0, 4))
  const sessionRows = await tx
    .insert(academicSessions)
    .values(
      [year - 1, year, year + 1].map((y, i) => ({
        instituteId,
        name: String(y),
        startsOn: `${y}-01-01`,
        endsOn: `${y}-12-31`,
        isCurrent: y === year,
        position: i + 1,
      })),
    )
    .returning()
  const classRows = await tx
    .insert(classes)
    .values(demoClasses.map((name, i) => ({ instituteId, name, position: i + 1 })))
    .returning()
  const groupRows = await tx
    .insert(groups)
    .values(
      ['Science', 'Business', 'Humanities'].map((name, i) => ({
        instituteId,
        name,
        position: i + 1,
      })),
    )
    .returning()
  const upper = classRows.filter((c) => c.name === 'Nine' || c.name === 'Ten')
  await tx
    .insert(groupClasses)
    .values(
      groupRows.flatMap((g) => upper.map((c) => ({ instituteId, groupId: g.id, classId: c.id }))),
    )
  const taught = sessionRows.filter((s) => Number(s.name) <= year)
  await tx.insert(sections).values(
    taught.flatMap((session) =>
      classRows.flatMap((klass) =>
        sectionNames.map((name, i) => ({
          instituteId,
          academicSessionId: session.id,
          classId: klass.id,
          name,
          capacity,
          position: i + 1,
        })),
      ),
    ),
  )
  await tx
    .insert(shifts)
    .values(['Morning', 'Day'].map((name, i) => ({ instituteId, name, position: i + 1 })))
  // What the open admission form is for.
  return {
    academicSessionId: sessionRows.find((s) => s.name === String(year + 1))!.id,
    classId: classRows.find((c) => c.name === 'One')!.id,
  }
}

/** About 600 students in the current session, 25 a section; the seed makes the same school. */
const demoStudents = { count: 600, seed: 2026 }

export type SeedResult =
  | { created: false }
  | { created: true; instituteSlug: string; username: string; password: string; generated: boolean }

/**
 * Creates the demo institute, its admin (who also operates the platform), a client user, its
 * academic structure, its students and an open admission form on an empty database; does nothing afterwards. Both demo users share the one password.
 * The password is returned once so it can be printed, and only its scrypt hash is stored.
 */
export async function seedDemo(
  db: Db,
  adminPassword?: string,
  /** Seals the demo's sandbox merchant secret: without it, no online payments are set up. */
  secrets?: SecretBox,
): Promise<SeedResult> {
  const existing = await db.select({ id: institutes.id }).from(institutes).limit(1)
  if (existing.length > 0) return { created: false }

  const password = adminPassword ?? generatePassword()
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [institute] = await tx.insert(institutes).values(demoInstitute).returning()
    if (!institute) throw new Error('demo institute was not created')
    const { adminRoleId, clientRoleId } = await setUpInstitute(tx, institute.id)
    await tx.update(campuses).set(demoCampuses.main).where(eq(campuses.instituteId, institute.id))
    await tx.insert(campuses).values({ ...demoCampuses.north, instituteId: institute.id })
    await tx
      .insert(counterSettings)
      .values({ instituteId: institute.id, mobileProviders: demoMobileProviders })
    const [admin] = await tx
      .insert(users)
      .values({ ...demoAdmin, instituteId: institute.id, passwordHash, isPlatformAdmin: true })
      .returning()
    if (!admin) throw new Error('demo admin was not created')
    const [client] = await tx
      .insert(users)
      .values({ ...demoClient, instituteId: institute.id, passwordHash })
      .returning()
    if (!client) throw new Error('demo client was not created')
    await tx.insert(userRoles).values([
      { userId: admin.id, roleId: adminRoleId },
      { userId: client.id, roleId: clientRoleId },
    ])
    const today = todayIn(demoInstitute.timezone)
    const placement = await seedAcademicStructure(tx, institute.id, today)
    await seedStudents(tx, institute.id, { ...demoStudents, today })
    const form = v.parse(AdmissionFormInputSchema, demoAdmissionForm(today, placement))
    await tx.insert(admissionForms).values({ ...form, instituteId: institute.id, published: true })
    if (secrets) await seedDemoPayments(tx, institute.id, secrets)
  })
  return {
    created: true,
    instituteSlug: demoInstitute.slug,
    username: demoAdmin.username,
    password,
    generated: adminPassword === undefined,
  }
}
