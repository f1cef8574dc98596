import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

type Headers = Record<string, string>

/**
 * A recurring head of this run, a monthly cycle of this year's session and its fee for class
 * Seven, made through the API; and a student of Seven B who has left (the preview skips them).
 */
async function arrange(request: APIRequestContext, baseURL: string, headers: Headers) {
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const place = await demoPlacement(request, baseURL, headers)
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: object) => {
    const res = await request[method](`${baseURL}/api/${path}`, { headers, data })
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
    return (await res.json()) as T
  }
  const classes = await call<{ id: string; name: string }[]>('get', 'institutes/classes')
  const seven = classes.find((c) => c.name === 'Seven')!
  const sections = await call<
    { id: string; name: string; academicSessionId: string; classId: string }[]
  >('get', `institutes/sections?academicSessionId=${place.session.id}&classId=${seven.id}`)
  const sectionB = sections.find((s) => s.name === 'B')!
  const accounts = await call<{ data: { id: string; name: string }[] }>(
    'get',
    'fees/income-accounts',
  )
  const head = await call<{ id: string; name: string; code: string }>('post', 'fees/heads', {
    name: `Tuition ${run}`,
    code: `G${run}`,
    kind: 'recurring',
    incomeAccountId: accounts.data.find((a) => /Tuition/.test(a.name))!.id,
  })
  const cycle = await call<{
    id: string
    name: string
    periods: { id: string; name: string; issueDate: string }[]
  }>('post', 'fees/payment-cycles', {
    academicSessionId: place.session.id,
    name: `Monthly ${run}`,
    frequency: 'monthly',
  })
  await call('put', 'fees/configs', {
    academicSessionId: place.session.id,
    cycleId: cycle.id,
    changes: [{ classId: seven.id, feeHeadId: head.id, amountMinor: 120_000 }],
  })
  const leaverName = `Leaver ${run}`
  const leaver = await createStudent(
    request,
    baseURL,
    headers,
    { ...place, classId: seven.id, className: seven.name, sectionA: sectionB },
    { fullName: leaverName, guardianPhone: uniquePhone() },
  )
  await call('post', `students/${leaver.id}/status`, {
    status: 'left',
    on: new Date().toISOString().slice(0, 10),
    reason: 'Moved away',
  })
  // The last month: issued in the future (or this month), whatever lock date the books have.
  const period = cycle.periods.at(-1)!
  const scope = {
    academicSessionId: place.session.id,
    periodIds: [period.id],
    classIds: [seven.id],
    sectionIds: [sectionB.id],
    feeHeadIds: [head.id],
  }
  // A 15 % VAT rate saved to start the day after the period's issue date: not in force on it.
  const dayAfter = new Date(Date.parse(`${period.issueDate}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10)
  await call('post', `fees/vat-rates/${head.id}`, {
    rateBp: 1500,
    inclusive: false,
    effectiveFrom: dayAfter,
  })
  const preview = await call<{ invoiceCount: number }>('post', 'fees/group-invoice/preview', scope)
  return { session: place.session, head, cycle, period, leaverName, billed: preview.invoiceCount }
}

const amount = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

test('the office previews a class’s invoices with who is skipped, runs them with a progress bar that survives a reload, and a second preview invoices nobody twice', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const headers = await adminHeaders(request, baseURL!)
  const { session, head, cycle, period, leaverName, billed } = await arrange(
    request,
    baseURL!,
    headers,
  )
  expect(billed).toBeGreaterThan(0)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/group-invoice')
  await expect(page.getByRole('heading', { name: 'Group invoice', level: 1 })).toBeVisible()
  await page.getByLabel('Session', { exact: true }).selectOption({ label: session.name })
  await page.getByLabel('Payment cycle').selectOption({ label: cycle.name })
  // Previewing without a period or head names what is missing.
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(page.getByText('Choose at least one period.')).toBeVisible()
  await expect(page.getByText('Choose at least one fee head.')).toBeVisible()

  await page.getByRole('checkbox', { name: period.name, exact: true }).check()
  await page.getByRole('checkbox', { name: `${head.name} (${head.code})` }).check()
  await page.getByRole('checkbox', { name: 'Seven', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Seven B', exact: true }).check()
  await page.getByRole('button', { name: 'Preview', exact: true }).click()

  const preview = page.getByRole('region', { name: 'Preview' })
  const counts = preview.getByRole('definition')
  await expect(counts.nth(0)).toHaveText(String(billed))
  await expect(counts.nth(2)).toContainText(amount(billed * 120_000))
  const totals = preview.getByRole('table', { name: 'Totals per class and fee head' })
  const total = totals.getByRole('row').filter({ hasText: head.name })
  await expect(total.getByRole('rowheader')).toHaveText('Seven')
  await expect(total.getByRole('cell').nth(1)).toHaveText(String(billed))
  await expect(total.getByRole('cell').nth(2)).toContainText(amount(billed * 120_000))
  // The VAT rate starts after the issue date: the preview warns before anything is made, and
  // shows the head's VAT (none).
  await expect(preview.getByRole('alert')).toContainText(
    new RegExp(
      `^No VAT on ${head.name} for invoices issued on .+: its 15 % rate is in force only from .+\\.`,
    ),
  )
  const vat = preview.getByRole('table', { name: 'VAT per fee head' })
  await expect(vat.getByRole('row').filter({ hasText: head.name })).toContainText('No VAT')
  const skipped = preview.getByRole('table', { name: 'Skipped students' })
  await expect(skipped.getByRole('row').filter({ hasText: leaverName })).toContainText(
    'Left the institute',
  )

  // Run: the progress bar follows the job, and the address names the run.
  await preview
    .getByRole('button', { name: `Create ${billed} invoice${billed === 1 ? '' : 's'}` })
    .click()
  await expect(page).toHaveURL(/[?&]run=/)
  const runCard = page.getByTestId('group-run')
  await expect(runCard.getByRole('progressbar', { name: 'Creating invoices' })).toBeVisible()

  // A reload finds the run again, at whatever point it is, and sees it to the end.
  await page.reload()
  await expect(runCard.getByRole('progressbar', { name: 'Creating invoices' })).toBeVisible()
  await expect(runCard.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(runCard.getByRole('progressbar', { name: 'Creating invoices' })).toHaveAttribute(
    'value',
    '100',
  )
  // The bar counts students, and says so; the result names invoices and students apart.
  await expect(runCard.getByRole('status').filter({ hasText: 'Finished' })).toContainText(
    / of \d+ students? done/,
  )
  await expect(runCard.getByTestId('group-run-result')).toContainText(
    billed === 1 ? '1 invoice was made for' : `${billed} invoices were made for`,
  )
  await expect(runCard.getByTestId('group-run-result')).toContainText(
    /(1 student was skipped|\d+ students were skipped)\./,
  )
  await expect(runCard.getByTestId('group-run-result')).toContainText(amount(billed * 120_000))
  const made = runCard.getByRole('table', { name: 'Invoices made' })
  await expect(made.locator('tbody tr')).toHaveCount(billed)
  await expect(made.locator('tbody tr').first()).toContainText(amount(120_000))
  await expect(made).not.toContainText(leaverName)

  // The list of runs shows it with what it made.
  const runs = page.getByRole('table', { name: 'Recent runs' })
  const current = runs.locator('tr.is-current')
  await expect(current).toContainText('Finished')
  await expect(current).toContainText(head.name)
  await expect(current.getByRole('cell').nth(2)).toHaveText(String(billed))

  // The same choice again: everyone is invoiced already, nobody twice.
  await page.reload()
  await page.getByLabel('Session', { exact: true }).selectOption({ label: session.name })
  await page.getByLabel('Payment cycle').selectOption({ label: cycle.name })
  await page.getByRole('checkbox', { name: period.name, exact: true }).check()
  await page.getByRole('checkbox', { name: `${head.name} (${head.code})` }).check()
  await page.getByRole('checkbox', { name: 'Seven', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Seven B', exact: true }).check()
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(counts.nth(0)).toHaveText('0')
  await expect(preview.getByText(/Nothing to invoice/)).toBeVisible()
  await expect(preview.getByRole('button', { name: /^Create/ })).toHaveCount(0)
  await expect(
    skipped
      .getByRole('row')
      .filter({ hasText: 'Already invoiced for the chosen periods and heads' }),
  ).toHaveCount(billed)

  // The run's invoices print as one document, from its card.
  await runs.getByRole('row').filter({ hasText: head.name }).getByRole('button').first().click()
  await runCard.getByRole('link', { name: 'Print this run’s invoices' }).click()
  await expect(page).toHaveURL(/\/invoice-prints\?runId=/)
  await expect(page.getByText(`Invoices 1–${billed} of ${billed}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled()
  await context.close()
})
