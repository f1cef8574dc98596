import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminPage, unique } from './offline-support.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

/*
 * An administrator limits a cashier to the North campus; the cashier's due report then shows
 * North's students alone, offers no other campus, and a link naming another campus says why
 * it shows nothing.
 */
test('an admin limits a cashier to a campus; the cashier’s due report shows that campus alone', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const headers = await adminHeaders(request, baseURL!)
  const campusList = await request.get(`${baseURL}/api/institutes/campuses`, { headers })
  const { data: campuses } = (await campusList.json()) as { data: { id: string; name: string }[] }
  const main = campuses[0]!
  const north = campuses.find((c) => c.name.startsWith('North'))!
  // Main's family is "Elder <run>"; North's is "Elder <run>n".
  await familyWithDues(request, baseURL!, run)
  await familyWithDues(request, baseURL!, `${run}n`, { campus: north })
  const username = `north-${run}`
  await staffUser(request, baseURL!, {
    username,
    fullName: `North Cashier ${run}`,
    role: 'cashier',
    password: 'north-cashier-pass',
  })

  // The admin ticks the North campus in the user's form; the list shows it.
  const { page } = await adminPage(browser, baseURL!)
  await page.goto(`/access-control?q=${username}`)
  const row = page.getByRole('row').filter({ hasText: username })
  await expect(row).toContainText('All campuses')
  await row.getByRole('button', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${username}` })
  await dialog.getByRole('checkbox', { name: north.name }).check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `North Cashier ${run} was saved.` }),
  ).toBeVisible()
  await expect(row).toContainText(north.name)
  await expect(row).not.toContainText('All campuses')

  // The cashier reads the due report: North's family alone, no campus to choose.
  const cashier = await browser.newContext()
  await signInAs(cashier, cashier.request, baseURL!, username, 'north-cashier-pass')
  const cashierPage = await cashier.newPage()
  await cashierPage.goto(`/due-report?q=${run}`)
  await expect(cashierPage.getByRole('heading', { name: 'Due report', level: 1 })).toBeVisible()
  const rows = cashierPage.getByRole('row').filter({ hasText: run })
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: `Elder ${run}n` })).toHaveCount(1)
  await expect(rows.filter({ hasText: `Younger ${run}n` })).toHaveCount(1)
  await expect(cashierPage.getByTestId('due-total')).toContainText('2,000.00')
  await expect(cashierPage.getByLabel('Campus')).toHaveCount(0)
  await expect(cashierPage.getByTestId('ledger-agreement')).toHaveText(
    'Agrees with the ledger (Fee receivable), checked for the whole institute',
  )

  // A link naming the main campus says why, and leads back to the report.
  await cashierPage.goto(`/due-report?campusId=${main.id}`)
  await expect(cashierPage.getByTestId('report-refused')).toContainText(
    'Your access does not include this campus.',
  )
  await cashierPage.getByRole('link', { name: 'Show the report without filters' }).click()
  await expect(cashierPage.getByRole('heading', { name: 'Due report', level: 1 })).toBeVisible()
  await expect(cashierPage).not.toHaveURL(/campusId/)

  // The admin, limited to nothing, still sees both families.
  await page.goto(`/due-report?q=${run}`)
  await expect(page.getByRole('row').filter({ hasText: run })).toHaveCount(4)
  await cashier.close()
})
