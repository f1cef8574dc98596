import { eq, inArray, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { studentImports, students } from '../../db/schema/students.ts'
import { studentImportSuite, type StudentImportSuite } from '../../test-support/student-imports.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'

// The files an import reads, those it refuses, the template, and how long an upload is kept.
describe('student import', () => {
  let t: TestApp
  let admin: string
  let upload: StudentImportSuite['upload']
  let preview: StudentImportSuite['preview']
  let refusal: StudentImportSuite['refusal']
  let confirm: StudentImportSuite['confirm']
  let confirmAndRun: StudentImportSuite['confirmAndRun']
  studentImportSuite((s) => ({ t, admin, upload, preview, refusal, confirm, confirmAndRun } = s))

  it('reads Excel files, other languages’ headings, Windows-1252 and UTF-8 with a BOM', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Schüler')
    sheet.addRow([
      'Vollständiger Name',
      'Geburtsdatum',
      'Telefon des Erziehungsberechtigten',
      'Klasse',
    ])
    sheet.addRow(['Jürgen Excel', new Date(Date.UTC(2014, 4, 9)), 1711000111, 'eleven'])
    const p = await preview(new Uint8Array(await book.xlsx.writeBuffer()), 'list.bin')
    expect(p.counts).toMatchObject({ new: 1, invalid: 0 })
    expect(p.rows[0]!.values).toEqual({
      fullName: 'Jürgen Excel',
      dateOfBirth: '2014-05-09',
      guardianPhone: '1711000111',
      class: 'eleven',
    })

    const latin = Uint8Array.from(
      [...'Full name,Guardian phone,Class\nJosé Müller,01711000222,Eleven\n'].map((ch) =>
        ch.charCodeAt(0),
      ),
    )
    expect((await preview(latin)).rows[0]!.values.fullName).toBe('José Müller')
    const bom = `\uFEFFNom complet;Téléphone du tuteur;Classe\nÉlodie Bom;01711000333;Eleven\n`
    expect((await preview(bom, 'x.txt')).rows[0]!.values).toEqual({
      fullName: 'Élodie Bom',
      guardianPhone: '01711000333',
      class: 'Eleven',
    })
  })

  it('reads dates as the institute writes them, in a CSV and in an Excel text cell alike', async () => {
    const rows = [
      ['Date Bangla', '১৪/০৩/২০১৪'],
      ['Date Slashed', '2014/3/15'],
      ['Date Spaced', '16 / 3 / 2014'],
      ['Date Unambiguous', '03/17/2014'],
      ['Date Either Way', '04/03/2014'],
    ]
    const csv = [
      'Full name,Date of birth,Guardian phone,Class',
      ...rows.map(([name, day], i) => `${name},${day},0171100090${i},Eleven`),
    ].join('\n')
    const send = async (file: Uint8Array | string, query: string) => {
      const form = new FormData()
      form.append('file', new File([file], 'dates.csv'))
      const res = await t.app.request(`/api/students/imports${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}` },
        body: form,
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as ImportPreview
    }
    const p = await send(csv, '?dateOrder=mdy')
    expect(p.counts).toMatchObject({ new: 5, invalid: 0 })
    expect(await confirmAndRun(p.id)).toMatchObject({ status: 'succeeded' })
    const born = await t.database.db
      .select({ name: students.fullName, dateOfBirth: students.dateOfBirth })
      .from(students)
      .where(
        inArray(
          students.fullName,
          rows.map(([name]) => name!),
        ),
      )
    expect(Object.fromEntries(born.map((b) => [b.name, b.dateOfBirth]))).toEqual({
      'Date Bangla': '2014-03-14',
      'Date Slashed': '2014-03-15',
      'Date Spaced': '2014-03-16',
      'Date Unambiguous': '2014-03-17',
      // Read either way: the uploader's order, month first here.
      'Date Either Way': '2014-04-03',
    })

    // Day first unless told; a day that does not exist is refused, as in an Excel text cell.
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Dates')
    sheet.addRow(['Full name', 'Date of birth', 'Guardian phone', 'Class'])
    sheet.addRow(['Date Excel Text', '05.03.2014', '01711000911', 'Eleven'])
    sheet.addRow(['Date No Such Day', '31.02.2014', '01711000912', 'Eleven'])
    const xlsx = await send(new Uint8Array(await book.xlsx.writeBuffer()), '')
    expect(xlsx.rows.map((r) => [r.values.fullName, r.outcome, r.errors])).toEqual([
      ['Date No Such Day', 'invalid', { dateOfBirth: [{ code: 'not_a_real_date' }] }],
      ['Date Excel Text', 'new', {}],
    ])
    const unknown = await t.app.request('/api/students/imports?dateOrder=ydm', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
    })
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({
      fields: { dateOrder: [{ code: 'invalid_value' }] },
    })
  })

  it('refuses files it cannot take, each with a clear code', async () => {
    const codeOf = async (file: Uint8Array | string, name?: string) => {
      const body = await refusal(file, name)
      return [body.code, body.values]
    }
    expect(await codeOf('%PDF-1.7\n%âãÏÓ\n1 0 obj', 'students.csv')).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([1, 2, 0, 0, 7, 8, 9]))).toEqual([
      'import_file_type',
      undefined,
    ])
    expect(await codeOf(Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2, 3]), 'x.xlsx')).toEqual([
      'import_file_damaged',
      undefined,
    ])
    expect(await codeOf('')).toEqual(['import_file_empty', undefined])
    expect(await codeOf('\n \n')).toEqual(['import_file_empty', undefined])
    expect(await codeOf('Full name,Guardian phone,Class\n,,\n')).toEqual([
      'import_no_rows',
      undefined,
    ])
    expect(await codeOf('Full name,Guardian phone,Class,Nickname\na,01711000000,One,x')).toEqual([
      'import_unknown_columns',
      { columns: 'Nickname' },
    ])
    expect(await codeOf('Full name,Class\na,One')).toEqual([
      'import_missing_columns',
      { columns: 'Guardian phone' },
    ])
    expect(await codeOf('Full name,Name,Guardian phone,Class\na,b,1,One')).toEqual([
      'import_duplicate_column',
      { column: 'Full name' },
    ])
    const many = (n: number) =>
      'Full name,Guardian phone,Class\n' + 'A B,01711000000,One\n'.repeat(n)
    expect(await codeOf(many(100_000))).toEqual(['import_too_many_rows', { max: 20_000 }])
    expect(await codeOf(many(20_001))).toEqual(['import_too_many_rows', { max: 20_000 }])

    const withFormula = new ExcelJS.Workbook()
    const f = withFormula.addWorksheet('Students')
    f.addRow(['Full name', 'Guardian phone', 'Class'])
    f.addRow(['A B', { formula: '"0171"&"1000000"', result: '01711000000' }, 'One'])
    expect(await codeOf(new Uint8Array(await withFormula.xlsx.writeBuffer()))).toEqual([
      'import_formula_cells',
      { cell: 'B2' },
    ])
    const merged = new ExcelJS.Workbook()
    const m = merged.addWorksheet('Students')
    m.addRow(['Full name', '', 'Guardian phone', 'Class'])
    m.addRow(['A', 'B', '01711000000', 'One'])
    m.mergeCells('A1:B1')
    expect(await codeOf(new Uint8Array(await merged.xlsx.writeBuffer()))).toEqual([
      'import_merged_header',
      { cells: 'A1:B1' },
    ])

    const noFile = await asUser(t, admin, 'POST', '/api/students/imports', { file: 'x' })
    expect(noFile.status).toBe(422)
    expect(await noFile.json()).toMatchObject({ code: 'import_file_missing' })
    const huge = await upload('x'.repeat(17 * 1024 * 1024))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toMatchObject({ code: 'import_file_too_large', values: { max: 16 } })
  })

  it('offers the template, which imports as it is', async () => {
    const csv = await asUser(t, admin, 'GET', '/api/students/import-template.csv')
    expect(csv.status).toBe(200)
    const text = await csv.text()
    const year = new Date().getUTCFullYear()
    expect(text.split('\r\n')[0]).toBe(
      "Student ID,Full name,Date of birth,Gender,Religion,Blood group,Father's name," +
        "Mother's name,Guardian name,Guardian relation,Guardian phone,Guardian email,Address," +
        'Campus,Session,Class,Group,Section,Shift,Roll',
    )
    expect(text).toContain(`,MAIN,${year},Play,,A,,`)
    expect((await preview(text)).counts).toMatchObject({ total: 1, new: 1, invalid: 0 })
    const xlsx = await asUser(t, admin, 'GET', '/api/students/import-template.xlsx')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe('Ayesha Rahman')
  })

  it('keeps an upload a day, then forgets it at the institute’s next upload unless its job is still to run', async () => {
    const template = await (
      await asUser(t, admin, 'GET', '/api/students/import-template.csv')
    ).text()
    const idle = await preview(template)
    const recent = await preview(template)
    const waiting = await preview(template)
    expect((await confirm(waiting.id)).status).toBe(202)
    const elsewhere = await addInstitute(t, 'imports-elsewhere')
    const [theirs] = await t.database.db
      .insert(studentImports)
      .values({
        instituteId: elsewhere.id,
        fileName: 'theirs.csv',
        fileSha256: '0'.repeat(64),
        columns: [],
        rows: [],
        preview: { counts: {}, rows: [] },
      })
      .returning()
    const old = [idle.id, waiting.id, theirs!.id]
    await t.database.db
      .update(studentImports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(studentImports.id, old))
    await t.database.db
      .update(studentImports)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(eq(studentImports.id, recent.id))
    const kept = async () =>
      (await t.database.db.select({ id: studentImports.id }).from(studentImports)).map((r) => r.id)
    // Past its day, an upload no job took is gone for the user at once.
    const read = async (id: string) =>
      (await asUser(t, admin, 'GET', `/api/students/imports/${id}`)).status
    expect(await read(idle.id)).toBe(404)
    expect(await read(recent.id)).toBe(200)
    expect(await read(waiting.id)).toBe(200)

    const fresh = await preview(template)
    expect(await kept()).toEqual(
      expect.arrayContaining([recent.id, waiting.id, theirs!.id, fresh.id]),
    )
    expect(await kept()).not.toContain(idle.id)
    expect((await asUser(t, admin, 'GET', `/api/students/imports/${idle.id}`)).status).toBe(404)

    // Once its job has run, the old upload goes too.
    await t.app.services.jobs.drain()
    await preview(template)
    expect(await kept()).not.toContain(waiting.id)
    expect(await kept()).toContain(theirs!.id)
  })
})
