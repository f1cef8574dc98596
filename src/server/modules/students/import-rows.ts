import { and, asc, eq } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { genders } from '../../../shared/schemas/person.ts'
import { parseTypedDate, type DateOrder } from '../../../shared/typed-date.ts'
import type { ErrorDetail } from '../../../shared/schemas/api-error.ts'
import { issuesToDetails } from '../../../shared/schemas/issues.ts'
import type { ImportColumn } from '../../../shared/schemas/student-imports.ts'
import {
  bloodGroups,
  PlacementSchema,
  StudentFieldsSchema,
  studentCodeSchema,
  type StudentFields,
} from '../../../shared/schemas/students.ts'
import type { Db } from '../../db/client.ts'
import {
  academicSessions,
  classes,
  groupClasses,
  groups,
  sections,
  shifts,
} from '../../db/schema/academic.ts'
import { campuses } from '../../db/schema/institutes.ts'
import { readBack, runsAsFormula } from '../../lib/spreadsheet-cells.ts'
import type { Sheet } from './import-file.ts'

/**
 * A valid row, ready to write: its student's fields for the columns the file has (a column the
 * file lacks leaves the stored value alone), its student ID if given, and its placement with the
 * institute's ids. Stored with the upload; the job writes it.
 */
export interface ImportedRow {
  line: number
  studentCode: string
  fields: Partial<StudentFields>
  placement: {
    academicSessionId: string
    classId: string
    /** Undefined when the file has no such column: the stored one stays. */
    groupId?: string | null
    sectionId?: string | null
    shiftId?: string | null
    /** Null: the one the student has in the session, else the next free one. */
    roll: number | null
  }
  /** The session's first year: a new student's ID starts with it. */
  year: number
}

/** A row as checked: its cells, refusals by column, and the row to write when it has none. */
interface CheckedRow {
  line: number
  values: Partial<Record<ImportColumn, string>>
  errors: Partial<Record<ImportColumn, ErrorDetail[]>>
  row?: ImportedRow
}

/** The institute's structure by lower-case name, to resolve a file's names to ids. */
interface Structure {
  sessions: Map<string, { id: string; year: number }>
  current?: { id: string; year: number; name: string }
  classes: Map<string, string>
  groups: Map<string, { id: string; classIds: Set<string> }>
  /** By `session id|class id|name`. */
  sections: Map<string, string>
  shifts: Map<string, string>
  /** By code and by name. */
  campuses: Map<string, string>
  firstCampusId: string
}

const key = (name: string) => name.trim().toLowerCase()

export async function loadStructure(tx: Db, instituteId: string): Promise<Structure> {
  const mine = (t: { instituteId: AnyPgColumn }) => eq(t.instituteId, instituteId)
  const [sessionRows, classRows, groupRows, groupClassRows, sectionRows, shiftRows, campusRows] =
    await Promise.all([
      tx.select().from(academicSessions).where(mine(academicSessions)),
      tx.select().from(classes).where(mine(classes)),
      tx.select().from(groups).where(mine(groups)),
      tx.select().from(groupClasses).where(mine(groupClasses)),
      tx.select().from(sections).where(mine(sections)),
      tx.select().from(shifts).where(mine(shifts)),
      tx
        .select()
        .from(campuses)
        .where(and(eq(campuses.instituteId, instituteId)))
        .orderBy(asc(campuses.position), asc(campuses.createdAt)),
    ])
  const yearOf = (s: (typeof sessionRows)[number]) => Number(s.startsOn.slice(0, 4))
  const current = sessionRows.find((s) => s.isCurrent)
  return {
    sessions: new Map(sessionRows.map((s) => [key(s.name), { id: s.id, year: yearOf(s) }])),
    current: current && { id: current.id, year: yearOf(current), name: current.name },
    classes: new Map(classRows.map((c) => [key(c.name), c.id])),
    groups: new Map(
      groupRows.map((g) => [
        key(g.name),
        {
          id: g.id,
          classIds: new Set(groupClassRows.filter((r) => r.groupId === g.id).map((r) => r.classId)),
        },
      ]),
    ),
    sections: new Map(
      sectionRows.map((s) => [`${s.academicSessionId}|${s.classId}|${key(s.name)}`, s.id]),
    ),
    shifts: new Map(shiftRows.map((s) => [key(s.name), s.id])),
    campuses: new Map(
      campusRows.flatMap((c) => [
        [key(c.name), c.id],
        [key(c.code), c.id],
      ]),
    ),
    firstCampusId: campusRows[0]!.id,
  }
}

/**
 * A date as written in a spreadsheet, read as the applicant's date of birth is: 14.03.2015,
 * 14/03/2015, 2015-03-14, in Bangla digits too; numbers that read either way (04/03/2015) in
 * the uploader's order. `day`: YYYY-MM-DD, or as written when it is no date at all (and
 * refused as such); `noSuchDay` when it is written as a date but names none (31.02.2015).
 */
function dateOf(raw: string, order: DateOrder): { day: string; noSuchDay: boolean } {
  const typed = parseTypedDate(raw, order)
  if (!typed) return { day: raw, noSuchDay: false }
  return { day: typed.date ?? '', noSuchDay: !typed.date }
}

/** A choice as written ("Female", "f", "o +"): the schema's value, or as written to refuse it. */
function choiceOf(raw: string, options: readonly string[]): string {
  const compact = raw.replace(/\s+/g, '').toLowerCase()
  return (
    options.find((o) => o.toLowerCase() === compact) ??
    options.find((o) => compact.length === 1 && o.startsWith(compact)) ??
    raw
  )
}

/** The column a field of the shared schemas is written in. */
const columnOfField: Record<string, ImportColumn> = {
  campusId: 'campus',
  academicSessionId: 'session',
  classId: 'class',
  groupId: 'group',
  sectionId: 'section',
  shiftId: 'shift',
}

const studentFieldColumns = [
  'fullName',
  'dateOfBirth',
  'gender',
  'religion',
  'bloodGroup',
  'fatherName',
  'motherName',
  'guardianName',
  'guardianRelation',
  'guardianPhone',
  'guardianEmail',
  'address',
] as const satisfies readonly (ImportColumn & keyof StudentFields)[]

/** The most characters any column holds (an address); a longer cell is refused by its length. */
const cellMax = 500
/** Characters of a cell the preview shows: enough to tell the row, never a whole huge cell. */
const shownChars = 100

const shown = (text: string) => {
  if (text.length <= shownChars) return text
  // Not half of a character written as two UTF-16 units.
  const end = /[\uD800-\uDBFF]/.test(text[shownChars - 1]!) ? shownChars - 1 : shownChars
  return `${text.slice(0, end)}…`
}

/**
 * A column's refusals when its cell is too long: that alone, with the limit and the length
 * (the other refusals would only repeat the cell).
 */
function lengthRefusal(errors: ErrorDetail[] | undefined, length: number): ErrorDetail[] | null {
  const limit = errors?.find((e) => e.code === 'too_long')?.values?.max
  if (limit !== undefined) return [{ code: 'import_cell_too_long', values: { max: limit, length } }]
  if (length > cellMax) return [{ code: 'import_cell_too_long', values: { max: cellMax, length } }]
  return null
}

/**
 * Checks each row on its own: the student's fields against StudentFieldsSchema, the placement
 * against PlacementSchema with the names resolved to the institute's ids; refusals by column.
 * Text a spreadsheet would run as a formula is refused, from a CSV or an XLSX alike (the quote
 * our exports put before such text is taken off first, so an export imports back). The
 * preview's values are cut to `shownChars`.
 */
export function checkRows(
  sheet: Sheet,
  columns: (ImportColumn | null)[],
  structure: Structure,
  dateOrder: DateOrder,
): CheckedRow[] {
  const has = new Set(columns.filter((c) => c !== null))
  return sheet.rows.map(({ line, cells }) => {
    const full: Partial<Record<ImportColumn, string>> = {}
    columns.forEach((column, i) => {
      if (column) full[column] = readBack((cells[i] ?? '').trim())
    })
    const errors: Partial<Record<ImportColumn, ErrorDetail[]>> = {}
    const refuse = (column: ImportColumn, detail: ErrorDetail) =>
      (errors[column] ??= []).push(detail)
    const cell = (column: ImportColumn) => full[column] ?? ''
    for (const column of has) {
      if (runsAsFormula(cell(column))) refuse(column, { code: 'import_formula_text' })
    }

    const fieldInput: Record<string, string> = {}
    for (const column of studentFieldColumns) fieldInput[column] = cell(column)
    const born = dateOf(cell('dateOfBirth'), dateOrder)
    if (born.noSuchDay) refuse('dateOfBirth', { code: 'not_a_real_date' })
    fieldInput.dateOfBirth = born.day
    fieldInput.gender = choiceOf(cell('gender'), genders)
    fieldInput.bloodGroup = cell('bloodGroup').replace(/\s+/g, '').toUpperCase()
    if (fieldInput.gender && !genders.includes(fieldInput.gender as never)) {
      refuse('gender', { code: 'import_unknown_choice', values: { choices: genders.join(', ') } })
    }
    if (fieldInput.bloodGroup && !bloodGroups.includes(fieldInput.bloodGroup as never)) {
      refuse('bloodGroup', {
        code: 'import_unknown_choice',
        values: { choices: bloodGroups.join(', ') },
      })
    }
    const campus = cell('campus')
    const campusId = campus ? structure.campuses.get(key(campus)) : structure.firstCampusId
    if (!campusId) refuse('campus', { code: 'import_unknown_campus', values: { name: campus } })
    fieldInput.campusId = campusId ?? structure.firstCampusId

    const studentCode = cell('studentCode')
    if (studentCode && !v.is(studentCodeSchema, studentCode)) {
      refuse('studentCode', { code: 'student_code_shape' })
    }

    const sessionName = cell('session')
    const session = sessionName ? structure.sessions.get(key(sessionName)) : structure.current
    if (!session) {
      refuse(
        'session',
        sessionName
          ? { code: 'import_unknown_session', values: { name: sessionName } }
          : { code: 'import_no_current_session' },
      )
    }
    const className = cell('class')
    const classId = structure.classes.get(key(className))
    if (!className) refuse('class', { code: 'required' })
    else if (!classId)
      refuse('class', { code: 'import_unknown_class', values: { name: className } })
    const resolve = (column: 'group' | 'section' | 'shift', find: (name: string) => unknown) => {
      const name = cell(column)
      if (!has.has(column)) return undefined
      if (!name) return null
      const found = find(key(name))
      if (!found) refuse(column, { code: `import_unknown_${column}`, values: { name } })
      return found as string | undefined
    }
    const groupId = resolve('group', (name) => {
      const group = structure.groups.get(name)
      if (group && classId && group.classIds.size > 0 && !group.classIds.has(classId)) {
        refuse('group', { code: 'group_not_offered' })
        return 'refused'
      }
      return group?.id
    })
    const sectionId =
      session && classId
        ? resolve('section', (name) => structure.sections.get(`${session.id}|${classId}|${name}`))
        : undefined
    const shiftId = resolve('shift', (name) => structure.shifts.get(name))
    const rollText = cell('roll')
    const roll = rollText === '' ? null : /^\d+$/.test(rollText) ? Number(rollText) : NaN

    const fields = v.safeParse(StudentFieldsSchema, fieldInput)
    if (!fields.success) {
      for (const [field, details] of Object.entries(issuesToDetails(fields.issues))) {
        const column = columnOfField[field] ?? (field as ImportColumn)
        if (!errors[column]) errors[column] = details
      }
    }
    const placementInput = {
      academicSessionId: session?.id ?? '',
      classId: classId ?? '',
      groupId: groupId === 'refused' ? null : (groupId ?? null),
      sectionId: sectionId ?? null,
      shiftId: shiftId ?? null,
      roll,
    }
    const placement = v.safeParse(PlacementSchema, placementInput)
    if (!placement.success) {
      for (const [field, details] of Object.entries(issuesToDetails(placement.issues))) {
        const column = columnOfField[field] ?? (field as ImportColumn)
        if (!errors[column]) errors[column] = details
      }
    }
    const values: Partial<Record<ImportColumn, string>> = {}
    for (const column of has) {
      const refusal = lengthRefusal(errors[column], cell(column).length)
      if (refusal) errors[column] = refusal
      values[column] = shown(cell(column))
    }
    if (Object.keys(errors).length || !fields.success || !placement.success) {
      return { line, values, errors }
    }
    const parsed: Partial<StudentFields> = {}
    for (const column of studentFieldColumns) {
      if (has.has(column)) Object.assign(parsed, { [column]: fields.output[column] })
    }
    if (campus) parsed.campusId = campusId
    return {
      line,
      values,
      errors,
      row: {
        line,
        studentCode,
        fields: parsed,
        placement: {
          academicSessionId: session!.id,
          classId: classId!,
          ...(groupId !== undefined && { groupId }),
          ...(sectionId !== undefined && { sectionId }),
          ...(shiftId !== undefined && { shiftId }),
          roll,
        },
        year: session!.year,
      },
    }
  })
}

/** A student as the file names them when it gives no ID: name, date of birth, guardian phone. */
export const naturalKey = (name: string, dateOfBirth: string | null, phone: string) =>
  `${name.trim().replace(/\s+/g, ' ').toLowerCase()}|${dateOfBirth ?? ''}|${familyKeyOf(phone)}`

/** The guardian phone's last ten digits, as the database's generated family key. */
export const familyKeyOf = (phone: string) => phone.replace(/\D/g, '').slice(-10)

/**
 * Refuses the later of two rows that name the same student ID, the same roll in the same
 * class and section, or (without IDs) the same name, date of birth and guardian phone.
 */
export function refuseDuplicates(rows: CheckedRow[]) {
  const seen = new Map<string, number>()
  const once = (row: CheckedRow, column: ImportColumn, code: string, k: string) => {
    const first = seen.get(k)
    if (first === undefined) return seen.set(k, row.line)
    ;(row.errors[column] ??= []).push({ code, values: { line: first } })
    delete row.row
  }
  for (const row of rows) {
    const r = row.row
    if (!r) continue
    if (r.studentCode)
      once(
        row,
        'studentCode',
        'import_duplicate_student_code',
        `code|${r.studentCode.toLowerCase()}`,
      )
    else {
      const f = r.fields
      once(
        row,
        'fullName',
        'import_duplicate_student',
        `who|${naturalKey(f.fullName!, f.dateOfBirth || null, f.guardianPhone!)}`,
      )
    }
    const p = r.placement
    if (p.roll !== null && row.row) {
      once(
        row,
        'roll',
        'import_duplicate_roll',
        `roll|${p.academicSessionId}|${p.classId}|${p.sectionId ?? ''}|${p.roll}`,
      )
    }
  }
}
