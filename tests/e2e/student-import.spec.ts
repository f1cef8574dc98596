import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import Papa from 'papaparse'
import { adminHeaders, signInAs } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

/** A session of its own (far from the demo's years) with a class and its sections A and B. */
async function structure(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const post = async (path: string, data: object) => {
    const res = await request.post(`${baseURL}/api/institutes/${path}`, { headers, data })
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true)
    return (await res.json()) as { id: string }
  }
  const year = 2300 + Math.floor(Math.random() * 600)
  const session = await post('academic-sessions', {
    name: `Import ${run}`,
    startsOn: `${year}-01-01`,
    endsOn: `${year}-12-31`,
  })
  const klass = await post('classes', { name: `Class ${run}` })
  for (const name of ['A', 'B']) {
    await post('sections', { academicSessionId: session.id, classId: klass.id, name })
  }
  return { session: `Import ${run}`, className: `Class ${run}` }
}

const bangla = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!)

/** Two hundred students, half in A and half in B; `mistakes` spoils three of them. */
function studentsCsv(run: string, s: { session: string; className: string }, mistakes: boolean) {
  const lines = ['Full name,Date of birth,Gender,Guardian phone,Session,Class,Section,Roll']
  const digits = String(Math.floor(Math.random() * 90_000) + 10_000)
  for (let i = 1; i <= 200; i++) {
    const section = i <= 100 ? 'A' : 'B'
    const roll = i <= 100 ? i : i - 100
    let klass = s.className
    // Dates as the office writes them: ISO, day first, and in Bangla digits.
    const [day, month] = [`1${i % 10}`, `0${(i % 9) + 1}`]
    let born = [`2015-${month}-${day}`, `${day}.${month}.2015`, bangla(`${day}/${month}/2015`)][
      i % 3
    ]!
    let rolled = String(roll)
    if (mistakes && i === 10) klass = 'Nowhere'
    if (mistakes && i === 50) born = '2015-02-30'
    if (mistakes && i === 100) rolled = '99'
    lines.push(
      [
        `Pupil ${run} ${i}`,
        born,
        i % 2 ? 'female' : 'male',
        `0171${digits}${String(i).padStart(3, '0')}`,
        s.session,
        klass,
        section,
        rolled,
      ].join(','),
    )
  }
  return Buffer.from(lines.join('\r\n'))
}

const upload = (page: Page, buffer: Buffer) =>
  page.locator('input[type=file]').setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer,
  })

test('the office imports 200 students from a CSV: mistakes shown by row, the corrected file imported once', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const context = await browser.newContext()
  const s = await structure(context.request, baseURL!, run)
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/students/import')
  await expect(page.getByRole('heading', { name: 'Import students', level: 1 })).toBeVisible()

  // Three mistakes: each shown on its row, under its column; nothing can be imported.
  await upload(page, studentsCsv(run, s, true))
  await expect(page.getByTestId('count-invalid')).toContainText('3')
  await expect(page.getByTestId('count-new')).toContainText('197')
  const rows = page.getByTestId('import-rows')
  await expect(rows.locator('tr[data-line="11"] [data-column="class"]')).toHaveText(
    'No class is named “Nowhere”.',
  )
  await expect(rows.locator('tr[data-line="51"] [data-column="dateOfBirth"]')).toHaveText(
    'Not a real date.',
  )
  await expect(rows.locator('tr[data-line="101"] [data-column="roll"]')).toHaveText(
    'Row 100 has the same roll in this class and section.',
  )
  await expect(page.getByTestId('import-has-errors')).toContainText('3 rows have mistakes.')
  // The rows to correct come first; the list can show them alone, or the others alone.
  const lines = () =>
    rows.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-line')))
  expect((await lines()).slice(0, 4)).toEqual(['11', '51', '101', '2'])
  const shown = page.getByRole('radiogroup', { name: 'Rows shown' })
  await shown.getByRole('radio', { name: 'Rows with mistakes' }).check()
  await expect.poll(lines).toEqual(['11', '51', '101'])
  await shown.getByRole('radio', { name: 'Rows without mistakes' }).check()
  await expect(rows.locator('tbody tr.has-errors')).toHaveCount(0)
  await expect(rows.locator('tbody tr')).not.toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Import \d+ students$/ })).toHaveCount(0)

  // The corrected file: 200 new students, imported by a job with its progress bar.
  const fixed = studentsCsv(run, s, false)
  await upload(page, fixed)
  await expect(page.getByTestId('count-new')).toContainText('200')
  await expect(page.getByTestId('count-invalid')).toContainText('0')
  await page.getByRole('button', { name: 'Import 200 students' }).click()
  await expect(page.getByRole('progressbar', { name: 'Importing students' })).toBeVisible()
  await expect(page.getByTestId('import-result')).toHaveText(
    'Imported: 200 new, 0 updated, 0 unchanged.',
    { timeout: 60_000 },
  )

  // The same file again changes nothing.
  await page.getByRole('button', { name: 'Import another file' }).click()
  await upload(page, fixed)
  await expect(page.getByTestId('count-unchanged')).toContainText('200')
  await expect(page.getByTestId('count-new')).toContainText('0')
  await page.getByRole('button', { name: 'Import 200 students' }).click()
  await expect(page.getByTestId('import-result')).toHaveText(
    'Imported: 0 new, 0 updated, 200 unchanged.',
    { timeout: 60_000 },
  )
  await context.close()
})

test('a name typed as a formula is exported as text, and refused when the export is imported back', async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 7)
  const context = await browser.newContext()
  const headers = await adminHeaders(context.request, baseURL!)
  const place = await demoPlacement(context.request, baseURL!, headers)
  const name = `=HYPERLINK("http://evil.example/${run}","Click")`
  const student = await createStudent(context.request, baseURL!, headers, place, {
    fullName: name,
    guardianPhone: uniquePhone(),
    withoutSection: true,
  })
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto(`/students?academicSessionId=${place.session.id}`)
  await page.getByRole('searchbox', { name: 'Search students' }).fill(student.studentCode)
  await expect(page.locator('main table tbody tr').filter({ hasText: 'HYPERLINK' })).toHaveCount(1)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readFile((await (await download).path())!, 'utf8')
  const [headings, row] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd()).data
  // A spreadsheet opening the file shows the name as text: it runs nothing.
  expect(row![headings!.indexOf('Full name')]).toBe(`'${name}`)
  expect(row![headings!.indexOf('Student ID')]).toBe(student.studentCode)

  await page.goto('/students/import')
  await page.locator('input[type=file]').setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  await expect(
    page.getByTestId('import-rows').locator('tr[data-line="2"] [data-column="fullName"]'),
  ).toHaveText(
    'Starts with =, +, -, @ or a tab, so a spreadsheet would run it as a formula. Remove that first character.',
  )
  await expect(page.getByTestId('count-invalid')).toContainText('1')
  await context.close()
})
