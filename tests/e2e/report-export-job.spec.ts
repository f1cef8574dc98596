import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminPage, unique } from './offline-support.ts'

/*
 * An export too large to download at once runs as a job: the suite's server makes files of
 * more than two rows that way (REPORT_EXPORT_DIRECT_MAX_ROWS in playwright.config.ts), so a
 * family of three children owing makes one. The user sees its progress, gets the file when it
 * is ready, and finds it again on another page.
 */
test('a due report too large to download at once is exported by a job, with its progress, and saved', async ({
  browser,
  baseURL,
  request,
}) => {
  const run = unique()
  await familyWithDues(request, baseURL!, run, { three: true })
  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto(`/due-report?q=${run}`)
  await expect(page.getByRole('row').filter({ hasText: run })).toHaveCount(3)

  const saved = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText('The export runs as a task')).toBeVisible()
  const panel = page.getByRole('region', { name: 'Exporting the due report' })
  await expect(panel.getByRole('progressbar', { name: 'Exporting the due report' })).toBeVisible()
  await expect(panel.getByRole('status')).toContainText('Finished')
  await expect(panel.getByRole('status')).toContainText('3 of 3 rows')
  const first = await saved
  expect(first.suggestedFilename()).toMatch(/^due-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)

  // On another page the file is still there to save again.
  await page.goto('/dashboard')
  const again = page.waitForEvent('download')
  await panel.getByRole('button', { name: /^Save due-report-.*\.csv$/ }).click()
  const csv = (await readFile((await (await again).path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(csv).toHaveLength(4)
  expect(csv[0]).toContain('Student ID')
  for (const name of [`Elder ${run}`, `Younger ${run}`, `Youngest ${run}`]) {
    expect(csv.filter((line) => line.includes(name))).toEqual([
      expect.stringContaining(',1000.00,'),
    ])
  }
  await panel.getByRole('button', { name: 'Dismiss' }).click()
  await expect(panel).toHaveCount(0)
  await context.close()
})
