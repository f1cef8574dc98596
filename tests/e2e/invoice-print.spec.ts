import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

/** A class invoiced for a new head and period through the API: its scope and how many. */
async function invoiceAClass(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const json = async <T>(res: Promise<import('@playwright/test').APIResponse>) => {
    const answer = await res
    expect(answer.ok(), await answer.text()).toBe(true)
    return (await answer.json()) as T
  }
  const structure = await json<{
    sessions: { id: string; isCurrent: boolean }[]
    classes: { id: string; name: string }[]
  }>(request.get(`${baseURL}/api/fees/structure`, { headers }))
  const sessionId = structure.sessions.find((s) => s.isCurrent)!.id
  const klass = structure.classes[2]!
  const accounts = await json<{ data: { id: string }[] }>(
    request.get(`${baseURL}/api/fees/income-accounts`, { headers }),
  )
  const head = await json<{ id: string }>(
    request.post(`${baseURL}/api/fees/heads`, {
      headers,
      data: {
        name: `Print fee ${run}`,
        code: `PR${run.toUpperCase()}`,
        kind: 'recurring',
        incomeAccountId: accounts.data[0]!.id,
      },
    }),
  )
  const cycle = await json<{ id: string; periods: { id: string }[] }>(
    request.post(`${baseURL}/api/fees/payment-cycles`, {
      headers,
      data: { academicSessionId: sessionId, name: `Print cycle ${run}`, frequency: 'monthly' },
    }),
  )
  await json(
    request.put(`${baseURL}/api/fees/configs`, {
      headers,
      data: {
        academicSessionId: sessionId,
        cycleId: cycle.id,
        changes: [{ classId: klass.id, feeHeadId: head.id, amountMinor: 125_000 }],
      },
    }),
  )
  const periodId = cycle.periods[0]!.id
  const started = await json<{ id: string; jobId: string }>(
    request.post(`${baseURL}/api/fees/group-invoice/runs`, {
      headers: { ...headers, 'Idempotency-Key': `print-run-${run}` },
      data: {
        academicSessionId: sessionId,
        periodIds: [periodId],
        classIds: [klass.id],
        feeHeadIds: [head.id],
      },
    }),
  )
  await expect
    .poll(
      async () =>
        (
          await json<{ status: string }>(
            request.get(`${baseURL}/api/jobs/${started.jobId}`, { headers }),
          )
        ).status,
      { timeout: 60_000 },
    )
    .toBe('succeeded')
  const done = await json<{ invoiceCount: number }>(
    request.get(`${baseURL}/api/fees/group-invoice/runs/${started.id}`, { headers }),
  )
  return { sessionId, classId: klass.id, periodId, invoices: done.invoiceCount }
}

test('the office sets how invoices print, sees it on the sample and prints a class in German', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const footer = `Zahlbar an der Kasse ${run}`
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/invoice-print-settings')
  await expect(page.getByRole('heading', { name: 'Invoice printing', level: 1 })).toBeVisible()
  const preview = page.getByRole('region', { name: 'Preview' })
  const sheet = preview.getByTestId('invoice-sheet')
  await expect(sheet).toBeVisible()

  // A5, three copies, a footer and German: the preview follows each change.
  await page.getByLabel('Paper', { exact: true }).selectOption('a5')
  await expect(sheet).toHaveAttribute('data-paper', 'a5')
  await page.getByRole('checkbox', { name: 'Student copy' }).check()
  await page.getByRole('checkbox', { name: 'Office copy' }).check()
  await page.getByRole('checkbox', { name: 'Bank copy' }).check()
  await expect(sheet.locator('.invoice-copy')).toHaveCount(3)
  await page.getByLabel('Footer text').fill(footer)
  await expect(sheet.getByText(footer)).toHaveCount(3)
  await page.getByLabel('Language of the printed invoices').selectOption('de')
  await expect(sheet.getByText('Bankexemplar')).toBeVisible()
  await expect(sheet.getByText('Schülerexemplar')).toBeVisible()
  await expect(sheet.getByTestId('invoice-words').first()).toContainText('In Worten:')
  // The screen itself stays in English.
  await expect(page.getByRole('heading', { name: 'Invoice printing', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The print settings were saved.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Paper', { exact: true })).toHaveValue('a5')
  await expect(page.getByLabel('Footer text')).toHaveValue(footer)
  await expect(page.getByLabel('Language of the printed invoices')).toHaveValue('de')
  await expect(page.getByRole('checkbox', { name: 'Bank copy' })).toBeChecked()

  // A class invoiced through the API, printed at once: a section per student, in German.
  const scope = await invoiceAClass(request, baseURL!, run)
  expect(scope.invoices).toBeGreaterThan(1)
  await page.goto(
    `/invoice-prints?academicSessionId=${scope.sessionId}&classId=${scope.classId}&periodId=${scope.periodId}`,
  )
  await expect(page.getByRole('heading', { name: 'Print invoices', level: 1 })).toBeVisible()
  const students = page.getByTestId('invoice-student')
  await expect(students).toHaveCount(scope.invoices)
  const first = students.first()
  await expect(first.getByText('Bankexemplar')).toBeVisible()
  await expect(first.getByText('Büroexemplar')).toBeVisible()
  await expect(first.getByText(footer)).toHaveCount(3)
  await expect(first.getByText(/^Rechnung INV-/).first()).toBeVisible()
  await expect(first.getByText(`Print fee ${run}`).first()).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(first).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()
  await expect(page.getByLabel('Class', { exact: true })).toBeHidden()
  // Each student starts a new sheet of A5, with no browser margins for its header or footer.
  const layout = await first.evaluate((section) => {
    const sheet = section.querySelector('.invoice-sheet')!
    return {
      breakAfter: getComputedStyle(section).breakAfter,
      page: getComputedStyle(sheet).getPropertyValue('page'),
    }
  })
  expect(layout).toEqual({ breakAfter: 'page', page: 'a5-landscape' })
  await page.emulateMedia({ media: 'screen' })
  await context.close()
})
