import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import {
  academicSessions,
  classes,
  groupClasses,
  groups,
  sections,
  shifts,
} from '../db/schema/academic.ts'
import { campuses } from '../db/schema/institutes.ts'
import { enrolments, studentCounters, students } from '../db/schema/students.ts'

/*
 * Made-up students for the demo institute (about 600, seed.ts) and for benchmarks (50,000,
 * seed-large.ts): Bangladeshi names, families of one to three children sharing a guardian's
 * phone (written in the ways people write it), ages that fit their classes, a student ID of the
 * year they were admitted, an enrolment in the current session and, for those who were there,
 * the previous one; a few have left, and last year's class Ten has graduated. The same seed
 * gives the same school, ids included.
 */

/** mulberry32: a small seeded PRNG, so every run makes the same school. */
export function prng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const muslim = {
  boys: 'Rahim Karim Tanvir Arif Sakib Nafis Rafi Fahim Imran Mahmud Tahmid Ayaan Rayhan Siam Shihab Nabil Zahid Farhan Mehedi Sabbir Rakib Tamim Mushfiq Mahir Yasin Abrar Ishraq Nayeem Sajid Raihan'.split(
    ' ',
  ),
  girls:
    'Nusrat Sadia Farzana Tasnim Ayesha Sumaiya Anika Nadia Maliha Raisa Tahsin Jannat Mim Sanjida Fariha Lamia Nafisa Afrin Sharmin Rumana Tasfia Samira Zarin Nowshin Mahira Ishrat Tabassum Labiba Arisha Sabrina'.split(
      ' ',
    ),
  surnames:
    'Rahman Hossain Ahmed Islam Chowdhury Khan Uddin Alam Sarkar Talukder Mia Sikder Haque Kabir Bhuiyan Mollah Sheikh Mahmud Siddique Patwary'.split(
      ' ',
    ),
  fathers:
    'Abdul Karim|Abdur Rahim|Mizanur|Shafiqul|Nazrul|Aminul|Jahangir|Kamrul|Mostafizur|Harunur|Anwar|Delwar|Faruk|Golam Mostafa|Habibur|Jashim'.split(
      '|',
    ),
  mothers:
    'Rokeya|Shahana|Nasima|Rehana|Salma|Farida|Jesmin|Hasina|Nilufar|Rumana|Shirin|Taslima'.split(
      '|',
    ),
}
const hindu = {
  boys: 'Sourav Arnab Pritom Joy Anik Rohit Dipto Shuvo Tanmoy Apurba'.split(' '),
  girls: 'Puja Arpita Moumita Trisha Priya Ananya Tithi Rupa Debjani Srabanti'.split(' '),
  surnames: 'Das Roy Saha Dey Sen Ghosh Paul Biswas Barua Chakraborty'.split(' '),
  fathers: 'Sukumar|Bimal|Tapan|Pradip|Gopal|Shyamal|Nirmal|Dilip'.split('|'),
  mothers: 'Shila|Rina|Mitali|Kakoli|Shikha|Anjali'.split('|'),
}
const areas = [
  'Dhanmondi',
  'Mohammadpur',
  'Lalmatia',
  'Kalabagan',
  'Uttara Sector 7',
  'Uttara Sector 11',
  'Mirpur 10',
  'Banani',
  'Rayer Bazar',
  'Jigatola',
]
const leavingReasons = [
  'Family moved to Chattogram',
  'Transferred to another school',
  'Family moved abroad',
  'Admitted to a cadet college',
]
const operators = ['3', '4', '6', '7', '8', '9']
const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'O+', 'O-', '']

interface StudentSeedOptions {
  /** Students in the current session (about: families round it). */
  count: number
  seed: number
  /** Today (YYYY-MM-DD) in the institute: left dates fall before it. */
  today: string
  /** Share of the count who left during the session (default 1.5 %). */
  leftShare?: number
}

/** The institute's structure, read as the generator needs it. */
async function structureOf(db: Db, instituteId: string) {
  const sessionRows = await db
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.instituteId, instituteId))
    .orderBy(asc(academicSessions.startsOn))
  const current = sessionRows.findIndex((s) => s.isCurrent)
  const classRows = await db
    .select()
    .from(classes)
    .where(eq(classes.instituteId, instituteId))
    .orderBy(asc(classes.position))
  const sectionRows = await db
    .select()
    .from(sections)
    .where(eq(sections.instituteId, instituteId))
    .orderBy(asc(sections.position))
  const groupRows = await db
    .select({ id: groups.id, classId: groupClasses.classId })
    .from(groups)
    .innerJoin(
      groupClasses,
      and(eq(groupClasses.instituteId, groups.instituteId), eq(groupClasses.groupId, groups.id)),
    )
    .where(eq(groups.instituteId, instituteId))
  const shiftRows = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(eq(shifts.instituteId, instituteId))
    .orderBy(asc(shifts.position))
  const campusRows = await db
    .select({ id: campuses.id })
    .from(campuses)
    .where(eq(campuses.instituteId, instituteId))
    .orderBy(asc(campuses.position))
  const sectionsOf = (sessionId: string, classId: string) =>
    sectionRows.filter((s) => s.academicSessionId === sessionId && s.classId === classId)
  return {
    current: sessionRows[current]!,
    previous: current > 0 ? sessionRows[current - 1] : undefined,
    classes: classRows,
    sectionsOf,
    groupsOf: (classId: string) => groupRows.filter((g) => g.classId === classId),
    shifts: shiftRows,
    campuses: campusRows,
  }
}

type StudentInsert = typeof students.$inferInsert
type EnrolmentInsert = typeof enrolments.$inferInsert

/**
 * Adds `count` students (and some graduated ones) to the institute, in bulk. The institute
 * needs a current session with sections in every class (and the previous session's, for the
 * history); `seed` makes the school.
 */
export async function seedStudents(db: Db, instituteId: string, opts: StudentSeedOptions) {
  const random = prng(opts.seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
    hex[12] = '4'
    hex[16] = '89ab'[Math.floor(random() * 4)]!
    const h = hex.join('')
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
  }
  const day = (from: string, to: string) => {
    const a = Date.parse(`${from}T00:00:00Z`)
    const b = Date.parse(`${to}T00:00:00Z`)
    return new Date(a + Math.floor(random() * ((b - a) / 86_400_000 + 1)) * 86_400_000)
      .toISOString()
      .slice(0, 10)
  }
  const s = await structureOf(db, instituteId)
  const year = Number(/\d{4}/.exec(s.current.name)?.[0] ?? s.current.startsOn.slice(0, 4))
  const counters = new Map<number, number>()
  const codeOf = (admitted: number) => {
    const n = (counters.get(admitted) ?? 0) + 1
    counters.set(admitted, n)
    return `${admitted}${String(n).padStart(4, '0')}`
  }
  const rolls = new Map<string, number>()
  const rollIn = (sessionId: string, classId: string, sectionId: string | null) => {
    const key = `${sessionId}/${classId}/${sectionId}`
    const n = (rolls.get(key) ?? 0) + 1
    rolls.set(key, n)
    return n
  }

  const studentRows: StudentInsert[] = []
  const enrolmentRows: EnrolmentInsert[] = []
  let families = 0
  /** A new family: who they are, their phone (written their own way), home and campus. */
  const family = () => {
    families++
    const names = random() < 0.1 ? hindu : muslim
    const surname = pick(names.surnames)
    const digits = `1${pick(operators)}${String(families + opts.seed * 7_919)
      .padStart(8, '0')
      .slice(-8)}`
    const phone = [`+880${digits}`, `0${digits}`, `0${digits.slice(0, 4)}-${digits.slice(4)}`][
      families % 3
    ]!
    const father = `${names === muslim ? 'Md. ' : ''}${pick(names.fathers)} ${surname}`
    const mother = `${pick(names.mothers)} ${names === muslim ? pick(['Begum', 'Akter', 'Khatun']) : surname}`
    const motherIsGuardian = random() < 0.25
    return {
      names,
      surname,
      phone,
      father,
      mother,
      guardian: motherIsGuardian ? mother : father,
      relation: motherIsGuardian ? 'Mother' : 'Father',
      email: random() < 0.4 ? `${surname.toLowerCase()}.family${families}@example.com` : '',
      address: `House ${1 + Math.floor(random() * 120)}, Road ${1 + Math.floor(random() * 30)}, ${pick(areas)}, Dhaka`,
      campusId: s.campuses.length > 1 && random() < 0.3 ? s.campuses[1]!.id : s.campuses[0]!.id,
      religion: names === muslim ? 'Islam' : random() < 0.85 ? 'Hinduism' : 'Buddhism',
    }
  }
  type Family = ReturnType<typeof family>
  /** A child of the family in class `k` of the current session (k = 12: graduated last year). */
  const child = (f: Family, k: number) => {
    const girl = random() < 0.5
    const first = pick(girl ? f.names.girls : f.names.boys)
    const last =
      girl && f.names === muslim && random() < 0.35 ? pick(['Akter', 'Khatun']) : f.surname
    const age = 4 + k + (random() < 0.2 ? 1 : 0)
    const joinedAt = random() < 0.6 ? 0 : Math.floor(random() * (Math.min(k, 11) + 1))
    const id = uuid()
    const row: StudentInsert = {
      id,
      instituteId,
      studentCode: codeOf(year - (k - joinedAt)),
      fullName: `${first} ${last}`,
      dateOfBirth: day(`${year - age}-01-01`, `${year - age}-12-31`),
      gender: girl ? 'female' : 'male',
      religion: f.religion,
      bloodGroup: pick(bloodGroups),
      fatherName: f.father,
      motherName: f.mother,
      guardianName: f.guardian,
      guardianRelation: f.relation,
      guardianPhone: f.phone,
      guardianEmail: f.email,
      address: f.address,
      campusId: f.campusId,
    }
    studentRows.push(row)
    const enrol = (
      session: { id: string },
      klass: number,
      outcome: EnrolmentInsert['outcome'] = null,
    ) => {
      const classId = s.classes[klass]!.id
      const offered = s.sectionsOf(session.id, classId)
      const section = offered.length ? pick(offered) : undefined
      const groupsHere = s.groupsOf(classId)
      const shift =
        section && s.shifts.length ? s.shifts[section.position % s.shifts.length] : undefined
      enrolmentRows.push({
        id: uuid(),
        instituteId,
        studentId: id,
        academicSessionId: session.id,
        classId,
        groupId: groupsHere.length ? pick(groupsHere).id : null,
        sectionId: section?.id ?? null,
        shiftId: shift?.id ?? null,
        roll: rollIn(session.id, classId, section?.id ?? null),
        outcome,
      })
    }
    if (s.previous && k - joinedAt >= 1)
      enrol(s.previous, k - 1, k === 12 ? 'graduated' : 'promoted')
    if (k === 12) {
      row.status = 'graduated'
      row.statusOn = s.previous!.endsOn
    } else {
      enrol(s.current, k)
    }
    return row
  }

  // Class by class, about count / classes students each; families take one to three of them.
  const perClass = s.classes.map(
    (_, k) =>
      Math.floor(opts.count / s.classes.length) + (k < opts.count % s.classes.length ? 1 : 0),
  )
  const slots = perClass.flatMap((n, k) => Array.from({ length: n }, () => k))
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[slots[i], slots[j]] = [slots[j]!, slots[i]!]
  }
  for (let i = 0; i < slots.length;) {
    const r = random()
    const size = r < 0.72 ? 1 : r < 0.93 ? 2 : 3
    const f = family()
    for (const k of slots.slice(i, i + size)) child(f, k)
    i += size
  }
  // Last year's class Ten, graduated (about a quarter of a class), and a few who left lately.
  if (s.previous) {
    for (let n = Math.round(perClass[perClass.length - 1]! / 4); n > 0; n--) child(family(), 12)
  }
  const current = studentRows.filter((r) => r.status !== 'graduated')
  const leaving = Math.round(current.length * (opts.leftShare ?? 0.015))
  for (let n = 0; n < leaving; n++) {
    const row = current[Math.floor(random() * current.length)]!
    if (row.status === 'left') continue
    row.status = 'left'
    row.statusOn = day(
      s.current.startsOn,
      opts.today < s.current.endsOn ? opts.today : s.current.endsOn,
    )
    row.statusReason = pick(leavingReasons)
    const enrolment = enrolmentRows.find(
      (e) => e.studentId === row.id && e.academicSessionId === s.current.id,
    )
    if (enrolment) enrolment.outcome = 'left'
  }

  for (let i = 0; i < studentRows.length; i += 500) {
    await db.insert(students).values(studentRows.slice(i, i + 500))
  }
  for (let i = 0; i < enrolmentRows.length; i += 1000) {
    await db.insert(enrolments).values(enrolmentRows.slice(i, i + 1000))
  }
  for (const [admitted, last] of counters) {
    await db
      .insert(studentCounters)
      .values({ instituteId, year: admitted, lastNumber: last })
      .onConflictDoUpdate({
        target: [studentCounters.instituteId, studentCounters.year],
        set: { lastNumber: sql`greatest(${studentCounters.lastNumber}, ${last})` },
      })
  }
  // The planner's statistics: PGlite runs no autovacuum to gather them after a bulk insert.
  await db.execute(sql`analyze students, enrolments`)
  return { students: studentRows.length, enrolments: enrolmentRows.length, families }
}
