import { expect, test, type Page } from '@playwright/test'
import { axeFindingsInBothSkins } from './axe.ts'
import { familyWithDues } from './collection-data.ts'
import { adminPage, unique } from './offline-support.ts'

/** Where an element's box is in the window. */
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => {
    const { top, bottom } = e.getBoundingClientRect()
    return { top, bottom }
  })

/*
 * A cashier trims the due report to the columns they call from: the choice outlives a reload,
 * the menu works from the keyboard, and on a long list the column names and the totals stay in
 * view, the names just under the top bar, while the rows scroll between them.
 */
test('a cashier hides due report columns, finds them still hidden after a reload, and keeps the header and totals in view while scrolling', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  // Six students owing, in two families whose names share the run.
  await familyWithDues(request, baseURL!, `${run}a`, { three: true })
  await familyWithDues(request, baseURL!, `${run}b`, { three: true })
  const { page } = await adminPage(browser, baseURL!)
  await page.setViewportSize({ width: 1280, height: 480 })
  await page.goto(`/due-report?q=${run}`)
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader') })
  const rows = table.getByRole('row').filter({ hasText: run })
  await expect(rows).toHaveCount(6, { timeout: 30_000 })
  const headers = table.getByRole('columnheader')
  await expect(headers.filter({ hasText: 'Invoice' })).toHaveCount(1)
  await expect(rows.first().getByRole('cell')).toHaveCount(9)

  // Hidden with the mouse: gone from the header and from every row.
  const columns = page.getByRole('button', { name: 'Columns' })
  await columns.click()
  const invoice = page.getByRole('menuitemcheckbox', { name: 'Invoice' })
  await expect(invoice).toHaveAttribute('aria-checked', 'true')
  expect(await axeFindingsInBothSkins(page)).toEqual({})
  await invoice.click()
  await expect(invoice).toHaveAttribute('aria-checked', 'false')
  await expect(headers.filter({ hasText: 'Invoice' })).toHaveCount(0)
  await expect(rows.first().getByRole('cell')).toHaveCount(8)
  await page.keyboard.press('Escape')
  await expect(columns).toBeFocused()

  // Still hidden after a reload; another one hidden from the keyboard.
  await page.reload()
  await expect(rows).toHaveCount(6, { timeout: 30_000 })
  await expect(headers.filter({ hasText: 'Invoice' })).toHaveCount(0)
  await expect(headers.filter({ hasText: 'Overdue' })).toHaveCount(1)
  await columns.focus()
  // ArrowUp opens the menu at its last entry; each next one moves up.
  const entry = (name: string) => page.getByRole('menuitemcheckbox', { name, exact: true })
  for (const name of ['Fine accrued', 'Due', 'Overdue']) {
    await page.keyboard.press('ArrowUp')
    await expect(entry(name)).toBeFocused()
  }
  const overdue = entry('Overdue')
  await page.keyboard.press('Enter')
  await expect(overdue).toHaveAttribute('aria-checked', 'false')
  await expect(headers.filter({ hasText: 'Overdue' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toBeHidden()

  // Half-way down the list: the column names sit just under the top bar, the totals at the
  // window's foot, and what shows there is them, not the rows passing behind.
  await expect(table.locator('tfoot')).toContainText('Total, every page')
  await expect(table.locator('tfoot')).toContainText('6,000.00')
  // The header just come into view at the window's foot: the totals wait under it, not on it.
  await page.evaluate(() => {
    const head = document.querySelector('thead')!.getBoundingClientRect()
    window.scrollBy(0, head.bottom - window.innerHeight + 4)
  })
  await expect
    .poll(async () => (await boxOf(page, 'tfoot')).top - (await boxOf(page, 'thead')).bottom)
    .toBeGreaterThanOrEqual(0)
  await page.evaluate(() => {
    const body = document.querySelector('tbody')!.getBoundingClientRect()
    window.scrollBy(0, body.top + body.height / 2 - window.innerHeight / 2)
  })
  const bar = await boxOf(page, 'header.navbar-floating')
  await expect.poll(async () => (await boxOf(page, 'tfoot')).bottom).toBeCloseTo(480, 0)
  const head = await boxOf(page, 'thead')
  const foot = await boxOf(page, 'tfoot')
  expect(Math.abs(head.top - bar.bottom)).toBeLessThanOrEqual(1)
  const body = await boxOf(page, 'tbody')
  expect(body.top).toBeLessThan(head.top) // rows did scroll up under the header
  expect(body.bottom).toBeGreaterThan(foot.bottom) // and on under the totals
  const seen = await page.evaluate(
    ([headY, footY]) =>
      [headY!, footY!].map(
        (y) => document.elementFromPoint(640, y)?.closest('thead, tfoot, tbody')?.tagName,
      ),
    [(head.top + head.bottom) / 2, (foot.top + foot.bottom) / 2],
  )
  expect(seen).toEqual(['THEAD', 'TFOOT'])
  await expect(table.getByRole('columnheader', { name: 'Student' })).toBeInViewport()
})
