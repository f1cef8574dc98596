import { expect, test } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

const run = () => Math.random().toString(36).slice(2, 7)

test('the office adds a student in a section with the proposed roll, finds the family by the guardian’s phone, moves the roll (a taken one refused on its field) and marks the student as left', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const suffix = run()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const headers = await adminHeaders(context.request, baseURL!)
  const place = await demoPlacement(context.request, baseURL!, headers)
  const phone = uniquePhone()
  // An elder sister, already a student: same guardian, same phone.
  const sister = await createStudent(context.request, baseURL!, headers, place, {
    fullName: `Nusrat Ahmed ${suffix}`,
    guardianName: 'Karim Ahmed',
    guardianPhone: phone,
  })
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  // The new student: fields, then the placement, whose roll is proposed as the next free one.
  await page.goto(`/students?academicSessionId=${place.session.id}`)
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'New student' }).click()
  const dialog = page.getByRole('dialog', { name: 'New student' })
  await dialog.getByRole('button', { name: 'Add student' }).click()
  await expect(dialog.getByText("Enter the student's full name.")).toBeVisible()
  await expect(dialog.getByText("Enter the guardian's phone number.")).toBeVisible()
  const name = `Rafi Ahmed ${suffix}`
  await dialog.getByLabel('Full name').fill(name)
  await dialog.getByLabel('Date of birth').fill('2014-03-09')
  await dialog.getByLabel('Gender').selectOption('male')
  await dialog.getByLabel("Guardian's name").fill('Karim Ahmed')
  await dialog.getByLabel("Guardian's phone").fill(phone)
  await dialog.getByLabel('Session').selectOption(place.session.id)
  await dialog.getByLabel('Class').selectOption(place.classId)
  await dialog.getByLabel('Section').selectOption(place.sectionA.id)
  const roll = dialog.getByLabel('Roll')
  await expect(roll).toHaveValue(/^[1-9]\d*$/)
  const proposed = Number(await roll.inputValue())
  expect(proposed).toBeGreaterThan(sister.roll)
  await dialog.getByRole('button', { name: 'Add student' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `${name} is enrolled with student ID` }),
  ).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // Found by the guardian's phone, written without its spaces: the two of them.
  await page.getByRole('searchbox', { name: 'Search students' }).fill(phone.replace(/\s/g, ''))
  const rows = page.locator('main table tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: sister.studentCode })).toHaveCount(1)
  await expect(page).toHaveURL(/q=/)
  const row = rows.filter({ hasText: name })
  await expect(row).toContainText(`${place.className} · A · ${proposed}`)

  // The profile: the enrolment with its roll, the sister among the siblings.
  await row.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByTestId('enrolment-roll')).toHaveText(String(proposed))
  const siblings = page.getByRole('region', { name: 'Siblings' })
  await expect(siblings.getByRole('link', { name: `Nusrat Ahmed ${suffix}` })).toBeVisible()

  // The sister's roll is taken: refused on the roll's field; a free one is saved.
  await page.getByRole('button', { name: 'Change section or roll' }).click()
  const move = page.getByRole('dialog', { name: 'Change section or roll' })
  await move.getByLabel('Roll').fill(String(sister.roll))
  await move.getByRole('button', { name: 'Save' }).click()
  await expect(
    move.getByText(`Roll ${sister.roll} is already taken in this class and section.`),
  ).toBeVisible()
  await expect(move.getByLabel('Roll')).toHaveAttribute('aria-invalid', 'true')
  const free = proposed + 400
  await move.getByLabel('Roll').fill(String(free))
  await move.getByRole('button', { name: 'Save' }).click()
  await expect(move).toHaveCount(0)
  await expect(page.getByTestId('enrolment-roll')).toHaveText(String(free))

  // Marked as left, with the day and why: the status says so, and the way back is offered.
  await page.getByRole('button', { name: 'Mark as left' }).click()
  const leave = page.getByRole('dialog', { name: `Mark ${name} as left` })
  await leave.getByRole('button', { name: 'Mark as left' }).click()
  await expect(leave.getByText('Say why the student left.')).toBeVisible()
  await leave.getByLabel('Reason').fill('The family moved to Chattogram.')
  await leave.getByRole('button', { name: 'Mark as left' }).click()
  await expect(leave).toHaveCount(0)
  await expect(page.getByTestId('student-status')).toContainText('Left on')
  await expect(page.getByText('The family moved to Chattogram.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Make active again' })).toBeVisible()

  // The sister's page links back to him.
  await siblings.getByRole('link', { name: `Nusrat Ahmed ${suffix}` }).click()
  await expect(
    page.getByRole('heading', { name: `Nusrat Ahmed ${suffix}`, level: 1 }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Siblings' }).getByRole('link', { name }),
  ).toBeVisible()
  await context.close()
})
