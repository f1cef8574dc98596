import { expect, test, type Locator } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

/** The names of a table's rows, first to last (each row is headed by its name input). */
const rowNames = (table: Locator) =>
  table
    .locator('tbody tr th input')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

test('the office sets up sessions, classes, sections and shifts in place, reorders them and is told why an item in use stays', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  // A year of its own, far from the demo's sessions.
  const year = 2200 + Math.floor(Math.random() * 700)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()
  page.on('dialog', (dialog) => void dialog.accept())

  await page.goto('/academic-structure')
  await expect(page.getByRole('heading', { name: 'Academic structure', level: 1 })).toBeVisible()

  // Two classes, added at the end; the second is moved above the first with the keyboard.
  const classes = page.getByRole('table', { name: 'Classes' })
  for (const name of [`Upper ${run}`, `Lower ${run}`]) {
    await page.getByRole('button', { name: 'Add class' }).click()
    await classes.getByLabel('Name New item').fill(name)
    await classes.getByRole('button', { name: `Add ${name}` }).click()
    await expect(classes.getByLabel(`Name ${name}`)).toBeVisible()
  }
  const moveUp = classes.getByRole('button', { name: `Move up: Lower ${run}` })
  await moveUp.focus()
  await page.keyboard.press('Enter')
  await expect
    .poll(async () => (await rowNames(classes)).slice(-2))
    .toEqual([`Lower ${run}`, `Upper ${run}`])

  // A session: its end before its start is refused under the field, then corrected.
  const sessions = page.getByRole('table', { name: 'Sessions' })
  await page.getByRole('button', { name: 'Add session' }).click()
  await sessions.getByLabel('Name New item').fill(`Year ${run}`)
  await sessions.getByLabel('Starts on New item').fill(`${year}-12-31`)
  await sessions.getByLabel('Ends on New item').fill(`${year}-01-01`)
  await sessions.getByRole('button', { name: `Add Year ${run}` }).click()
  await expect(sessions.getByText('The end is before the start.')).toBeVisible()
  await sessions.getByLabel('Starts on New item').fill(`${year}-01-01`)
  await sessions.getByLabel('Ends on New item').fill(`${year}-12-31`)
  await sessions.getByRole('button', { name: `Add Year ${run}` }).click()
  await expect(sessions.getByLabel(`Name Year ${run}`)).toBeVisible()
  // Marked current: the mark moves to it.
  await sessions.getByRole('button', { name: `More actions for Year ${run}` }).click()
  await page.getByRole('menuitem', { name: `Mark current: Year ${run}` }).click()
  await expect(sessions.getByText('Current', { exact: true })).toHaveCount(1)
  await expect(
    sessions.getByRole('row').filter({ has: page.getByLabel(`Name Year ${run}`) }),
  ).toContainText('Current')

  // A section of the upper class in that session, with its capacity.
  await page.getByLabel('Session', { exact: true }).selectOption({ label: `Year ${run}` })
  await page.getByLabel('Class', { exact: true }).selectOption({ label: `Upper ${run}` })
  const sections = page.getByRole('table', { name: 'Sections' })
  await expect(sections.getByText('Nothing here yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Add section' }).click()
  await sections.getByLabel('Name New item').fill('A')
  await sections.getByLabel('Capacity New item').fill('35')
  await sections.getByRole('button', { name: 'Add A' }).click()
  await expect(sections.getByLabel('Capacity A')).toHaveValue('35')

  // The class has a section: deleting it is refused with the reason; deactivating works.
  await classes.getByRole('button', { name: `More actions for Upper ${run}` }).click()
  await page.getByRole('menuitem', { name: `Delete Upper ${run}` }).click()
  await expect(
    classes.getByText('This cannot be deleted while sections use it (1). Deactivate it instead.'),
  ).toBeVisible()
  await classes.getByLabel(`Upper ${run} is active`).click()
  await expect(classes.getByLabel(`Upper ${run} is active`)).not.toBeChecked()
  // The lower class is free: it goes.
  await classes.getByRole('button', { name: `More actions for Lower ${run}` }).click()
  await page.getByRole('menuitem', { name: `Delete Lower ${run}` }).click()
  await expect(classes.getByLabel(`Name Lower ${run}`)).toHaveCount(0)

  // Renamed in place; everything is still there after a reload.
  const shifts = page.getByRole('table', { name: 'Shifts' })
  await page.getByRole('button', { name: 'Add shift' }).click()
  await shifts.getByLabel('Name New item').fill(`Evening ${run}`)
  await shifts.getByRole('button', { name: `Add Evening ${run}` }).click()
  await shifts.getByLabel(`Name Evening ${run}`).fill(`Late ${run}`)
  await shifts.getByRole('button', { name: `Save Evening ${run}` }).click()
  await expect(shifts.getByRole('button', { name: `Save Late ${run}` })).toBeDisabled()
  await page.reload()
  await expect(shifts.getByLabel(`Name Late ${run}`)).toBeVisible()
  await expect(classes.getByLabel(`Upper ${run} is active`)).not.toBeChecked()

  // The demo's own session is current again, for the specs that rely on it.
  const headers = await adminHeaders(context.request, baseURL!)
  const listed = await context.request.get(`${baseURL}/api/institutes/academic-sessions`, {
    headers,
  })
  const demoSession = ((await listed.json()) as { id: string; name: string }[]).find(
    (s) => s.name === String(new Date().getFullYear()),
  )!
  const restored = await context.request.patch(
    `${baseURL}/api/institutes/academic-sessions/${demoSession.id}`,
    { headers, data: { isCurrent: true } },
  )
  expect(restored.status()).toBe(200)
  await context.close()
})
