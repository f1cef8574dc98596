import { expect, test } from '@playwright/test'
import { addFeeHead } from './fee-data.ts'
import { adminHeaders, signInAs } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

test('the office sets a transport fee for two students of a class at once, sees it on a student’s page and takes one back', async ({
  context,
  page,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const headers = await adminHeaders(request, baseURL!)
  const place = await demoPlacement(request, baseURL!, headers)
  const [first] = [
    await createStudent(request, baseURL!, headers, place, {
      fullName: `Rider ${run} One`,
      guardianPhone: uniquePhone(),
    }),
    await createStudent(request, baseURL!, headers, place, {
      fullName: `Rider ${run} Two`,
      guardianPhone: uniquePhone(),
    }),
  ]
  const head = await addFeeHead(request, baseURL!, headers, {
    name: `Bus ${run}`,
    code: `BU${run}`,
    kind: 'recurring',
    account: 'Tuition fee income',
  })
  await signInAs(context, request, baseURL!, 'admin')

  await page.goto(`/std-fee-config?session=${place.session.id}`)
  const own = page.getByRole('region', { name: 'Own fees of students' })
  await own.getByLabel('Class').selectOption({ label: place.className })
  await own.getByLabel('Fee head').selectOption({ label: `${head.name} (${head.code})` })
  // Nobody chosen: the button says what to do first, and does nothing.
  await expect(own.getByRole('button', { name: 'Choose students to set their fee' })).toBeDisabled()
  await own.getByLabel(`Choose Rider ${run} One`).check()
  await expect(own.getByRole('button', { name: 'Set the fee of 1 chosen student' })).toBeEnabled()
  await own.getByLabel(`Choose Rider ${run} Two`).check()
  await own.getByRole('button', { name: 'Set the fee of 2 chosen students' }).click()

  const dialog = page.getByRole('dialog', { name: 'Own fee for 2 students' })
  await dialog.getByRole('button', { name: 'Save' }).click()
  // Without an amount it is refused on the field, and nothing is saved.
  await expect(
    dialog.getByText('Enter the amount this student pays, or exclude the fee for them.'),
  ).toBeVisible()
  await dialog.getByLabel(/^Amount/).fill('750.50')
  await dialog.getByLabel('Reason').fill('Uses the school bus')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const riderRow = (n: string) => own.getByRole('row').filter({ hasText: `Rider ${run} ${n}` })
  await expect(riderRow('One')).toContainText('750.50')
  await expect(riderRow('Two')).toContainText('750.50')

  // The student's own page says it; back to the class's amount from there.
  await page.goto(`/students/${first.id}`)
  const section = page.getByRole('region', { name: 'Own fees' })
  await expect(section.getByRole('row').filter({ hasText: head.name })).toContainText('750.50')
  await expect(section).toContainText('Uses the school bus')
  await section.getByRole('button', { name: `Class amount for ${head.name}` }).click()
  await expect(section.getByText('This student pays the class’s amounts.')).toBeVisible()

  // The fee part loads after the student, with its own strings, in the page's language.
  await page.evaluate(() => localStorage.setItem('locale', 'de'))
  await page.reload()
  await expect(page.getByRole('region', { name: 'Eigene Gebühren' })).toBeVisible()
  await page.evaluate(() => localStorage.setItem('locale', 'en'))

  await page.goto(`/std-fee-config?session=${place.session.id}`)
  await own.getByLabel('Class').selectOption({ label: place.className })
  await own.getByLabel('Fee head').selectOption({ label: `${head.name} (${head.code})` })
  await expect(riderRow('One')).toContainText('The class’s amount')
  await expect(riderRow('Two')).toContainText('750.50')
})
