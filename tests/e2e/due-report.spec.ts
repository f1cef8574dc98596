import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import {
  adminPage,
  banner,
  controlledByServiceWorker,
  mainMenu,
  storedEndpoints,
  storedReads,
  unique,
} from './offline-support.ts'

test.use({ serviceWorkers: 'allow' })

/*
 * A reviewer reads what a family owes, exports it to Excel, and reads it again with no network:
 * the report opens from the device with the time it was read, from the menu and by a reload; a
 * report never read says it is not available offline; signing out leaves nothing behind.
 */
test('a reviewer finds a family’s dues with their fines, exports them, and reads them again offline', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  await familyWithDues(request, baseURL!, run)
  const { context, page } = await adminPage(browser, baseURL!)

  // The first page of a new browser, its service worker precaching beside the suite's others.
  await page.goto('/due-report')
  await expect(page.getByRole('heading', { name: 'Due report', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await controlledByServiceWorker(page)
  await expect(page.getByTestId('ledger-agreement')).toHaveText(
    'Agrees with the ledger (Fee receivable)',
  )
  await page.getByRole('searchbox', { name: 'Search students' }).fill(run)
  const rows = page.getByRole('row').filter({ hasText: run })
  await expect(rows).toHaveCount(2)
  await expect(page).toHaveURL(new RegExp(`q=${run}`))
  for (const name of [`Elder ${run}`, `Younger ${run}`]) {
    const row = rows.filter({ hasText: name })
    await expect(row).toContainText(`Tuition ${run}`)
    await expect(row).toContainText('0–30 days')
    // The fee due, and its fine (fixed 50.00, once late) apart.
    await expect(row).toContainText('1,000.00')
    await expect(row).toContainText('50.00')
  }
  await expect(page.getByTestId('due-total')).toContainText('2,000.00')
  await expect(page.getByTestId('fine-total')).toContainText('100.00')
  await expect.poll(() => storedEndpoints(page)).toContain('reports/due')

  // Excel: the rows shown, amounts as numbers.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Excel' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^due-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const book = new ExcelJS.Workbook()
  const bytes = await readFile((await file.path())!)
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const sheet = book.worksheets[0]!
  const headings = (sheet.getRow(1).values as unknown[]).slice(1)
  const cell = (row: number, heading: string) =>
    sheet.getRow(row).getCell(headings.indexOf(heading) + 1).value
  expect(sheet.rowCount).toBe(3)
  expect([cell(2, 'Student'), cell(3, 'Student')].sort()).toEqual([
    `Elder ${run}`,
    `Younger ${run}`,
  ])
  expect([cell(2, 'Due'), cell(3, 'Due'), cell(2, 'Fine accrued')]).toEqual([1000, 1000, 50])

  // Offline: the same report by a reload, then the unfiltered one from the menu, as read.
  await context.setOffline(true)
  await page.reload()
  await expect(rows).toHaveCount(2)
  await expect(banner(page)).toContainText(/Offline — shown as it was on .*\d{1,2}:\d{2}/)
  await mainMenu(page).filter({ hasText: 'Due report' }).dispatchEvent('click')
  await expect(page).toHaveURL(/\/due-report(\?q=&|$)/)
  await expect(page.getByRole('heading', { name: 'Due report', level: 1 })).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search students' })).toHaveValue('')
  await expect(page.getByTestId('not-available-offline')).toHaveCount(0)
  await expect(banner(page)).toBeVisible()
  // Filters never read online: nothing to show, and the page says so.
  await page.goto(`/due-report?q=never-read-${run}`)
  await expect(page.getByTestId('not-available-offline')).toContainText('Not available offline')

  // Signing out (online again) removes every stored report of the user from the device.
  await context.setOffline(false)
  await page.goto(`/due-report?q=${run}`)
  await expect(rows).toHaveCount(2)
  await page.getByRole('link', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => storedReads(page)).toEqual([])
  await context.close()
})
