import { expect, test } from '@playwright/test'
import { addFeeHead, configureFee, overdueCycle } from './fee-data.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000

test('the office makes a student’s invoice, reads how each figure was computed, sees the balance and cancels it by a credit note', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const headers = await adminHeaders(request, baseURL!)
  const api = `${baseURL}/api`
  const place = await demoPlacement(request, baseURL!, headers)
  const student = await createStudent(request, baseURL!, headers, place, {
    fullName: `Invoiced ${run}`,
    guardianPhone: uniquePhone(),
  })

  // Set-up through the API: a transport fee per month and an exam fee with 15 % VAT…
  const transport = await addFeeHead(request, baseURL!, headers, {
    name: `Transport ${run}`,
    code: `TR${run}`,
    kind: 'recurring',
    account: 'Tuition fee income',
  })
  const exam = await addFeeHead(request, baseURL!, headers, {
    name: `Exam ${run}`,
    code: `EX${run}`,
    kind: 'per_event',
    account: 'Exam fee income',
  })
  // The first period, issued and due 20 days ago (or on the session's first day): late by now.
  const { cycle, period, due } = await overdueCycle(
    request,
    baseURL!,
    headers,
    place,
    `Monthly ${run}`,
  )
  await configureFee(request, baseURL!, headers, place, transport.id, 100_000, cycle.id)
  await configureFee(request, baseURL!, headers, place, exam.id, 50_000)
  const vat = await request.post(`${api}/fees/vat-rates/${exam.id}`, {
    headers,
    data: { rateBp: 1500, inclusive: false, effectiveFrom: due },
  })
  expect(vat.ok()).toBe(true)
  // … a fine of 50.00 once on transport lines more than 5 days late …
  const fine = await request.post(`${api}/fees/fine-rules`, {
    headers,
    data: {
      feeHeadId: transport.id,
      effectiveFrom: due,
      effectiveTo: null,
      graceDays: 5,
      charge: { kind: 'fixed_once', amount: 5_000 },
      lineCap: null,
      periodCap: null,
    },
  })
  expect(fine.status()).toBe(201)
  // … a fine rule for exam lines due from tomorrow on, which this invoice's line is not …
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  const examFine = await request.post(`${api}/fees/fine-rules`, {
    headers,
    data: {
      feeHeadId: exam.id,
      effectiveFrom: tomorrow,
      effectiveTo: null,
      graceDays: 0,
      charge: { kind: 'fixed_once', amount: 1_000 },
      lineCap: null,
      periodCap: null,
    },
  })
  expect(examFine.status()).toBe(201)
  // … and a 10 % sibling concession on transport, approved by another user.
  const requested = await request.post(`${api}/fees/concessions`, {
    headers,
    data: {
      studentId: student.id,
      feeHeadId: transport.id,
      academicSessionId: place.session.id,
      terms: { kind: 'percent', rateBp: 1000 },
      category: 'sibling',
      reason: `Second child ${run}`,
    },
  })
  expect(requested.status()).toBe(201)
  const concession = (await requested.json()) as { id: string }
  const checker = {
    username: `inv-checker-${run.toLowerCase()}`,
    fullName: `Checker ${run}`,
    role: 'accountant',
    password: `inv-checker-${run}-password`,
  }
  await staffUser(request, baseURL!, checker)
  const login = await request.post(`${api}/auth/login`, {
    data: { username: checker.username, password: checker.password },
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const approved = await request.post(`${api}/fees/concessions/${concession.id}/approve`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { note: '' },
  })
  expect(approved.ok()).toBe(true)

  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  // A single invoice from the student page: the period and both heads.
  await page.goto(`/students/${student.id}`)
  await expect(page.getByRole('heading', { name: `Invoiced ${run}`, level: 1 })).toBeVisible()
  const invoices = page.getByRole('region', { name: 'Invoices' })
  await expect(invoices.getByText('No invoices yet.')).toBeVisible()
  await invoices.getByRole('button', { name: 'New invoice' }).click()
  const dialog = page.getByRole('dialog', { name: 'New invoice' })
  // Without a period, a recurring head cannot be chosen.
  await expect(dialog.getByLabel(`Exam ${run} (EX${run})`)).toBeVisible()
  await expect(dialog.getByLabel(`Transport ${run} (TR${run})`)).toHaveCount(0)
  await dialog.getByLabel('Period').selectOption(period.id)
  await dialog.getByLabel(`Transport ${run} (TR${run})`).check()
  await dialog.getByLabel(`Exam ${run} (EX${run})`).check()
  await dialog.getByRole('button', { name: 'Make the invoice' }).click()

  // The invoice is shown, with how each figure was found.
  const title = page.getByRole('heading', { name: /^Invoice INV-\d{4}-\d{6}$/, level: 1 })
  await expect(title).toBeVisible()
  const number = (await title.textContent())!.replace('Invoice ', '')
  await expect(page.getByTestId('status')).toHaveText('Unpaid')
  await expect(page.getByTestId('invoice-net')).toContainText('1,475.00')
  const transportLine = page.getByRole('region', {
    name: `How Transport ${run}, ${period.name} was computed`,
  })
  await expect(transportLine).toContainText('The amount configured for the student’s class')
  await expect(transportLine).toContainText(
    /Sibling concession, 10 % of \D*1,000\.00: − \D*100\.00/,
  )
  const today = new Date().toISOString().slice(0, 10)
  const late = dayNumber(today) - dayNumber(due) > 5
  await expect(transportLine.getByTestId('line-fine')).toContainText(
    /Rule: \D*50\.00 once, after 5 days’ grace/,
  )
  await expect(transportLine.getByTestId('line-fine')).toContainText(
    late ? /days late as of .*: \D*50\.00/ : /Grace not over yet: .*As of .*: \D*0\.00/,
  )
  const examLine = page.getByRole('region', {
    name: `How Exam ${run}, ${period.name} was computed`,
  })
  await expect(examLine).toContainText(/15 % added to \D*500\.00: \D*75\.00/)
  await expect(examLine).toContainText('Rounded half up to the smallest unit, per line.')
  // The exam head has a fine rule, for lines due later: the line says so rather than "no rule".
  await expect(examLine.getByTestId('line-fine')).toContainText(
    /^Not fined: the fine rule for this head covers lines due from .+; this line fell due on .+\.$/,
  )

  // The student page shows what is owed.
  await page.getByRole('link', { name: `Invoiced ${run}` }).click()
  await expect(invoices.getByTestId('total-due')).toContainText('1,475.00')
  const row = invoices.getByRole('row').filter({ hasText: number })
  await expect(row).toContainText('Unpaid')
  await expect(row).toContainText(period.name)

  // Cancelled by a credit note, with a reason the dialog insists on.
  await row.getByRole('link', { name: number }).click()
  await page.getByRole('button', { name: 'Cancel invoice' }).click()
  const cancel = page.getByRole('dialog', { name: `Cancel invoice ${number}` })
  await cancel.getByRole('button', { name: 'Cancel the invoice' }).click()
  await expect(cancel.getByText('Give the reason for the cancellation.')).toBeVisible()
  await cancel.getByLabel('Reason').fill(`Wrong period ${run}`)
  await cancel.getByRole('button', { name: 'Cancel the invoice' }).click()
  await expect(cancel).toBeHidden()
  await expect(page.getByTestId('status')).toHaveText('Cancelled')
  await expect(page.getByText(`Wrong period ${run}`)).toBeVisible()
  const noteLink = page.getByRole('link', { name: /^INV-\d{4}-\d{6}$/ })
  const noteNumber = (await noteLink.textContent())!
  await noteLink.click()
  await expect(
    page.getByRole('heading', { name: `Credit note ${noteNumber}`, level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: number })).toBeVisible()

  await page.goto(`/students/${student.id}`)
  await expect(invoices.getByTestId('total-due')).toContainText('0.00')
  await expect(invoices.getByTestId('total-due')).not.toContainText('1,475')
  const cancelled = invoices.getByRole('row').filter({ hasText: number })
  await expect(cancelled).toContainText('Cancelled')
  await expect(cancelled).toContainText(`Credit note ${noteNumber}`)
  await context.close()
})
