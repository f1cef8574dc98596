import { eq } from 'drizzle-orm'
import { setUpInstitute } from '../modules/institutes/set-up.ts'
import { todayIn } from '../lib/today.ts'
import type { Db } from '../db/client.ts'
import { seedStudents } from './demo-students.ts'
import { campuses, institutes } from '../db/schema/institutes.ts'
import { seedAcademicStructure } from './seed.ts'

/** The benchmarks' institute: a school group with five campuses and tens of thousands of students. */
export const largeInstitute = {
  slug: 'large-school',
  name: 'Large School Group',
  shortName: 'LSG',
  currency: 'BDT',
  timezone: 'Asia/Dhaka',
  locale: 'en',
}

/** Section names A … Z, then A2 … Z2, and so on. */
const sectionName = (i: number) =>
  String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(Math.floor(i / 26) + 1) : '')

/**
 * Adds the large institute (five campuses, the demo's sessions and classes, about 60 students
 * a section) with `students` students, in bulk; platform administrators reach it through the
 * institute picker. Answers its id, or undefined when it is there already.
 */
export async function seedLargeInstitute(db: Db, opts: { students: number; seed?: number }) {
  const [existing] = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(eq(institutes.slug, largeInstitute.slug))
  if (existing) return undefined
  const today = todayIn(largeInstitute.timezone)
  const instituteId = await db.transaction(async (tx) => {
    const [institute] = await tx.insert(institutes).values(largeInstitute).returning()
    await setUpInstitute(tx, institute!.id)
    await tx.insert(campuses).values(
      ['Uttara', 'Mirpur', 'Gulshan', 'Narayanganj'].map((name, i) => ({
        instituteId: institute!.id,
        name: `${name} campus`,
        code: name.toUpperCase(),
        position: i + 1,
      })),
    )
    const perSection = 60
    const sectionCount = Math.max(2, Math.ceil(opts.students / 12 / perSection))
    const names = Array.from({ length: sectionCount }, (_, i) => sectionName(i))
    await seedAcademicStructure(tx, institute!.id, today, names, null)
    return institute!.id
  })
  const made = await seedStudents(db, instituteId, {
    count: opts.students,
    seed: opts.seed ?? 50_000,
    today,
  })
  return { instituteId, ...made }
}
