import { sql, type SQL } from 'drizzle-orm'
import type { StudentListQuery } from '../../../shared/schemas/student-search.ts'
import { containing } from '../../lib/like.ts'

/*
 * What the student list's `q` matches, each through its own index (migration 0014), so a search
 * at 50,000 students answers in a few milliseconds:
 *
 * - a name containing every word typed, in any order and case ("rahim ud" finds "Abdur Rahim
 *   Uddin"): trigram index on lower(full_name);
 * - a student ID starting with it: btree on lower(student_code) text_pattern_ops;
 * - a guardian phone, however written: the digits typed against the family key (the phone's
 *   last ten digits), whole ("01711-000001", "+8801711000001") or in part (trigram index);
 * - a roll written as class-section-roll ("7-A-12", "Six-A-12", "Play-B-3"), or class-roll
 *   ("Play-3"), in the session listed;
 * - a bare number up to four digits, as a roll in the session listed (with a class filter,
 *   "12" is roll 12 of that class).
 *
 * The matches are a union of those lookups; the list's filters then narrow them.
 */

const numberWords = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
]

/** The names a class written as `token` may have: "7" is "7", "Seven" or "Class 7". */
function classNames(token: string): string[] {
  const t = token
    .trim()
    .toLowerCase()
    .replace(/^class\s*/, '')
  const names = new Set([t, `class ${t}`])
  if (/^\d{1,2}$/.test(t) && numberWords[Number(t)]) names.add(numberWords[Number(t)]!)
  const index = numberWords.indexOf(t)
  if (index > 0) names.add(String(index))
  return [...names]
}

/** "7-A-12", "Six/B/3", "Play 4": a class, maybe a section, and a roll. */
function parseRoll(q: string) {
  const three = /^(.+?)\s*[-/]\s*([A-Za-z0-9]{1,10})\s*[-/]\s*(\d{1,6})$/.exec(q)
  if (three) return { classNames: classNames(three[1]!), section: three[2]!, roll: +three[3]! }
  const two = /^([A-Za-z][A-Za-z ]*?|\d{1,2})\s*[-/ ]\s*(\d{1,6})$/.exec(q)
  if (two) return { classNames: classNames(two[1]!), section: undefined, roll: +two[2]! }
  return undefined
}

/** The digits of a phone as typed, when it looks like one (digits and + ( ) - . spaces). */
function phoneDigits(q: string) {
  if (!/^[+\d\s().-]+$/.test(q)) return undefined
  const digits = q.replace(/\D/g, '')
  return digits.length >= 4 ? digits : undefined
}

/**
 * The ids of the institute's students `q` matches (a subquery), or undefined when `q` is empty.
 * `sessionId` is the session whose rolls count.
 */
export function matchingStudentIds(
  instituteId: string,
  sessionId: string | null,
  q: string,
): SQL | undefined {
  if (!q) return undefined
  const lookups: SQL[] = []
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  lookups.push(
    sql`select id from students where institute_id = ${instituteId} and ${sql.join(
      words.map((w) => sql`lower(full_name) like ${containing(w)}`),
      sql` and `,
    )}`,
  )
  if (/^[A-Za-z0-9-]+$/.test(q)) {
    const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    lookups.push(
      sql`select id from students where institute_id = ${instituteId} and lower(student_code) like ${prefix}`,
    )
  }
  const digits = phoneDigits(q)
  if (digits) {
    // The family key has no country code and no trunk 0: "01711…" and "8801711…" start it.
    const national = digits.replace(/^(880|0)/, '')
    const phone =
      digits.length >= 10
        ? sql`family_key = ${digits.slice(-10)}`
        : national !== digits && national.length >= 3
          ? sql`(family_key like ${`%${digits}%`} or family_key like ${`${national}%`})`
          : sql`family_key like ${`%${digits}%`}`
    lookups.push(sql`select id from students where institute_id = ${instituteId} and ${phone}`)
  }
  if (sessionId) {
    const roll = parseRoll(q)
    if (roll) {
      lookups.push(sql`select e.student_id from enrolments e
        join classes c on c.institute_id = e.institute_id and c.id = e.class_id
        ${roll.section ? sql`join sections sc on sc.institute_id = e.institute_id and sc.id = e.section_id` : sql``}
        where e.institute_id = ${instituteId} and e.academic_session_id = ${sessionId}
          and e.roll = ${roll.roll}
          and lower(c.name) in (${sql.join(
            roll.classNames.map((n) => sql`${n}`),
            sql`, `,
          )})
          ${roll.section ? sql`and lower(sc.name) = ${roll.section.toLowerCase()}` : sql``}`)
    } else if (/^\d{1,4}$/.test(q)) {
      lookups.push(sql`select student_id from enrolments
        where institute_id = ${instituteId} and academic_session_id = ${sessionId} and roll = ${+q}`)
    }
  }
  return sql.join(lookups, sql` union `)
}

/** ORDER BY of the list; ties end on the student ID so pages never overlap. */
export function listOrder(query: Pick<StudentListQuery, 'sortBy' | 'sortDesc'>): SQL {
  const dir = query.sortDesc ? sql`desc` : sql`asc`
  const nulls = sql`nulls last`
  switch (query.sortBy) {
    case 'studentCode':
      return sql`s.student_code ${dir}`
    case 'fullName':
      return sql`s.full_name ${dir}, s.student_code`
    case 'roll':
      return sql`e.roll ${dir} ${nulls}, e.class_position, e.section_position, s.student_code`
    default:
      return sql`e.class_position ${dir} ${nulls}, e.section_position ${dir} ${nulls}, e.roll ${dir}, s.student_code`
  }
}
