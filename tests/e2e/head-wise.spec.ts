import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminPage, unique } from './offline-support.ts'

/** The first sheet of a downloaded workbook. */
async function firstSheet(path: string) {
  const book = new ExcelJS.Workbook()
  const bytes = await readFile(path)
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  return book.worksheets[0]!
}

/*
 * A reviewer follows a fee head through a period: its figures from opening to closing due, a
 * figure drilled down to the invoices it is made of (a link of its own, and a file), then the head-wise
 * matrix by month, exported to Excel and read back.
 */
test('a reviewer reads a head’s ledger, drills into what was billed, and exports the head × month summary', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  await familyWithDues(request, baseURL!, run)
  const head = `Tuition ${run}`
  const { context, page } = await adminPage(browser, baseURL!)

  await page.goto('/head-wise-ledger?from=2000-01-01')
  await expect(page.getByRole('heading', { name: 'Head-wise ledger', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('combobox', { name: 'Fee head' }).selectOption({ label: head })
  await expect(page).toHaveURL(/feeHeadId=/)
  const row = page.getByTestId('head-ledger').getByRole('row', { name: new RegExp(`^${head}`) })
  // Two children invoiced 1,000.00 each, nothing paid: billed and owed alike.
  await expect(row.getByRole('link', { name: `Billed of ${head}` })).toContainText('2,000.00')
  await expect(row.getByRole('link', { name: `Closing due of ${head}` })).toContainText('2,000.00')
  await expect(page.getByTestId('ledger-agreement')).toHaveText(
    'Agrees with the ledger (Fee receivable)',
  )

  await row.getByRole('link', { name: `Billed of ${head}` }).click()
  await expect(page).toHaveURL(/figure=billed/)
  const lines = page.getByTestId('head-ledger-lines')
  await expect(lines.getByRole('heading')).toContainText(`Billed of ${head}: BDT 2,000.00`)
  for (const child of [`Elder ${run}`, `Younger ${run}`]) {
    await expect(lines.getByRole('row').filter({ hasText: child })).toContainText('1,000.00')
  }
  // The drill-down is a link: it opens again as it was.
  await page.reload()
  await expect(lines.getByRole('row').filter({ hasText: `Elder ${run}` })).toBeVisible()
  // Its lines as a file: each child's invoice, the amount a number.
  const linesDownload = page.waitForEvent('download')
  await lines.getByRole('button', { name: 'Export Excel' }).click()
  const linesFile = await linesDownload
  expect(linesFile.suggestedFilename()).toMatch(/^head-wise-ledger-billed-2000-01-01-.*\.xlsx$/)
  const linesSheet = await firstSheet((await linesFile.path())!)
  expect(linesSheet.name).toBe('Head-wise ledger')
  expect((linesSheet.getRow(1).values as unknown[]).slice(1)).toEqual([
    'Date',
    'Document',
    'Reference',
    'Student ID',
    'Student',
    'Class',
    'Amount',
  ])
  const children = [2, 3].map((n) => (linesSheet.getRow(n).values as unknown[]).slice(1))
  expect(children.map((r) => r[4]).sort()).toEqual([`Elder ${run}`, `Younger ${run}`])
  expect(children.map((r) => [r[1], r[6]])).toEqual([
    ['Invoice', 1000],
    ['Invoice', 1000],
  ])

  await page.goto('/head-wise-summaries')
  await expect(page.getByRole('heading', { name: 'Head-wise summaries', level: 1 })).toBeVisible()
  await page.getByRole('combobox', { name: 'Fee head' }).selectOption({ label: head })
  await page.getByRole('combobox', { name: 'Matrix' }).selectOption({ label: 'Head × month' })
  await expect(page).toHaveURL(/by=month/)
  // A column a month of the last twelve, "Jan 2026" and so on.
  await expect(
    page.getByTestId('head-summaries').getByRole('columnheader', { name: /^\w{3} \d{4}$/ }),
  ).toHaveCount(12)
  const summary = page
    .getByTestId('head-summaries')
    .getByRole('row', { name: new RegExp(`^${head}`) })
  await expect(summary.getByRole('cell').last()).toContainText('2,000.00')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Excel' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^head-wise-summaries-month-billed-.*\.xlsx$/)
  const sheet = await firstSheet((await file.path())!)
  expect(sheet.name).toBe('Head-wise summaries')
  const headings = (sheet.getRow(1).values as unknown[]).slice(1)
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
  expect(headings[0]).toBe('Fee head')
  expect(headings.at(-1)).toBe('Total')
  expect(values(2)[0]).toBe(head)
  expect(values(2).at(-1)).toBe(2000)
  expect(values(3)[0]).toBe('Total')
  expect(values(3).at(-1)).toBe(2000)
  await context.close()
})
