import { expect, test } from '@playwright/test'
import type { Dashboard } from '../../src/shared/schemas/report-dashboard.ts'
import type { DueReport } from '../../src/shared/schemas/reports.ts'
import { familyWithDues } from './collection-data.ts'
import { unique } from './offline-support.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

/** Minor units as the English pages write them, without the currency sign. */
const amount = (minor: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(minor / 100)

/*
 * A principal (the default "viewer" role) reads the institute's money in charts. The known data
 * set: a family's elder child pays her tuition and its fine, 1,050.00, by card — the one card
 * receipt of the run (no other suite pays by card), so this month's card receipts are exactly
 * that. Other figures are the institute's whole, as the page's own answer carries them.
 */
test('a principal reads the analytics, a chart as its table and the report behind a tile; the plain view shows the same', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const { children } = await familyWithDues(request, baseURL!, run)
  const headers = await adminHeaders(request, baseURL!)
  const family = (await (
    await request.get(`${baseURL}/api/collection/families/${children[0]!.id}`, { headers })
  ).json()) as {
    members: {
      studentId: string
      lines: { lineId: string; dueMinor: number; fineMinor: number }[]
    }[]
  }
  const line = family.members.find((m) => m.studentId === children[0]!.id)!.lines[0]!
  const paid = await request.post(`${baseURL}/api/collection/payments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      studentId: children[0]!.id,
      allocations: [
        { lineId: line.lineId, principalMinor: line.dueMinor, fineMinor: line.fineMinor },
      ],
      tenders: [{ method: 'card', amountMinor: line.dueMinor + line.fineMinor }],
    },
  })
  expect(paid.status(), await paid.text()).toBe(201)

  const principal = {
    username: `principal-${run}`,
    fullName: `Principal ${run}`,
    role: 'viewer',
    password: 'Principal-pass-1',
  }
  await staffUser(request, baseURL!, principal)
  const context = await browser.newContext({ baseURL })
  await signInAs(context, request, baseURL!, principal.username, principal.password)
  const page = await context.newPage()
  const chartScripts: string[] = []
  page.on('request', (r) => {
    if (/chart-js/.test(r.url())) chartScripts.push(r.url())
  })

  // The dashboard: today's collection against billing, and the way to the charts; no chart
  // library loaded for it.
  await page.goto('/dashboard')
  const collection = page.getByRole('region', { name: 'Collection' })
  await expect(collection.getByText('Collected today')).toBeVisible({ timeout: 30_000 })
  expect(chartScripts).toEqual([])

  const answer = page.waitForResponse((r) => r.url().includes('/api/reports/dashboard'))
  await collection.getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  const figures = (await (await answer).json()) as Dashboard
  expect(figures.today.collectedMinor).toBeGreaterThanOrEqual(105_000)
  await expect(page.getByTestId('collection-figures')).toContainText(
    amount(figures.today.collectedMinor!),
  )

  // The twelve months drawn, then as a table: this month's row as the answer has it.
  const trend = page.getByTestId('tile-trend')
  await expect(trend.locator('canvas')).toBeVisible()
  await expect.poll(() => chartScripts.length).toBeGreaterThan(0)
  await expect(trend.getByRole('table')).toBeHidden()
  await trend.getByRole('button', { name: 'Table view' }).click()
  await expect(trend.getByRole('button', { name: 'Table view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(trend.locator('canvas')).toHaveCount(0)
  const thisMonth = figures.trend!.at(-1)!
  await expect(trend.getByRole('row').last()).toContainText(amount(thisMonth.collectedMinor))
  await expect(trend.getByRole('row').last()).toContainText(amount(thisMonth.billedMinor))

  // This month's card receipts: the one the data set paid.
  const methods = page.getByTestId('tile-methods')
  await methods.getByRole('button', { name: 'Table view' }).click()
  const card = methods.getByRole('row', { name: /^Card/ })
  await expect(card).toContainText('1,050.00')
  await expect(card.getByRole('cell').first()).toHaveText('1')

  // Dues by class and the families owing most: the tiles the due report stands behind.
  await expect(page.getByTestId('tile-classes')).toBeVisible()
  await expect(page.getByTestId('tile-aging')).toBeVisible()
  await expect(page.getByTestId('tile-families')).toBeVisible()
  await expect(page.getByTestId('tile-vouchers')).toBeVisible()

  // The card row opens the paid report behind the tile, grouped by method.
  await card.getByRole('link', { name: 'Card' }).click()
  await expect(page).toHaveURL(/\/paid-report\?.*method=card/)
  await expect(page).toHaveURL(/groupBy=method/)
  await expect(
    page.getByTestId('paid-groups').getByRole('row', { name: /^Card 1 / }),
  ).toContainText('1,050.00')

  // The plain view: the same figures, no chart.
  await page.goto('/old-dashboard')
  await expect(page.getByRole('heading', { name: 'Figures at a glance', level: 1 })).toBeVisible()
  await expect(page.getByTestId('collection-figures')).toContainText(
    amount(figures.today.collectedMinor!),
  )
  await expect(page.getByTestId('tile-methods').getByRole('row', { name: /^Card/ })).toContainText(
    '1,050.00',
  )
  await expect(page.getByTestId('tile-trend').getByRole('row').last()).toContainText(
    amount(thisMonth.collectedMinor),
  )
  await expect(page.locator('canvas')).toHaveCount(0)

  // The family owing most opens the due report of that family alone, as of the same day.
  const top = figures.topFamilies![0]!
  const names = top.students.map((s) => s.name)
  const dueAnswer = page.waitForResponse(
    (r) => r.url().includes('/api/reports/due?') && r.url().includes('familyOf='),
  )
  await page
    .getByTestId('tile-families')
    .getByRole('link', { name: `What the family of ${names[0]} owes` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/due-report\\?.*familyOf=${top.students[0]!.id}`))
  const due = (await (await dueAnswer).json()) as DueReport
  const shown = page.getByText(/^One family: /)
  for (const name of names) await expect(shown).toContainText(name)
  // Its students alone: those the tile named, and a brother or sister owing nothing past due.
  expect(due.data.length).toBeGreaterThan(0)
  for (const row of due.data) await expect(shown).toContainText(row.fullName)
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(due.data.length)
  await page.getByRole('button', { name: 'Show every family' }).click()
  await expect(page).not.toHaveURL(/familyOf=/)
  await context.close()
})
