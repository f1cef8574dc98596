import { expect, test } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

/** An internal code as recorded: `login`, `upload_attachment`, `coa_mapping`… */
const code = /^[a-z]+(_[a-z]+)*$/

test('in German the audit log names actions, records and areas in German, in its rows and its filters', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const headers = await adminHeaders(request, baseURL!)
  // A role created: audited as `create` on a `role` in `access`.
  const created = await request.post(`${baseURL}/api/access/roles`, {
    headers,
    data: {
      name: `Labels ${Date.now()}`,
      homeRoute: '/dashboard',
      rules: [{ action: 'read', subject: 'dashboard' }],
    },
  })
  expect(created.ok()).toBe(true)
  const roleId = ((await created.json()) as { id: string }).id
  await signInAs(context, request, baseURL!, 'admin')
  await page.goto('/audits')
  await page.getByTestId('language-switcher').selectOption('de')
  await expect(page.getByRole('heading', { name: 'Prüfprotokoll', level: 1 })).toBeVisible()

  const actionFilter = page.getByRole('combobox', { name: 'Aktion' })
  const actions = await actionFilter.locator('option').allTextContents()
  expect(actions).toContain('Angemeldet')
  expect(actions).toContain('Angelegt')
  expect(actions.filter((a) => code.test(a))).toEqual([])
  const areas = await page
    .getByRole('combobox', { name: 'Bereich' })
    .locator('option')
    .allTextContents()
  expect(areas).toContain('Buchhaltung')
  // Areas that do not exist yet are not offered.
  expect(areas).not.toContain('Berichte')
  expect(areas.filter((a) => code.test(a))).toEqual([])

  // The rows, each in words: the sign-in (the newest row, or another test's sign-in), then
  // below the role's creation.
  const signIn = page.getByRole('row').filter({ hasText: 'Angemeldet' }).first()
  await expect(signIn).toContainText('Benutzer')
  for (const raw of ['login', 'create', 'role', 'user', 'access', 'auth']) {
    await expect(page.getByRole('cell', { name: raw, exact: true })).toHaveCount(0)
  }

  // Filtering by an action and an area shows their rows only, still in words. The role's row
  // names the record by its id's first characters (other tests create roles meanwhile).
  await actionFilter.selectOption({ label: 'Angelegt' })
  await expect(page).toHaveURL(/action=create/)
  await expect(page.getByRole('row').filter({ hasText: 'Angemeldet' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Bereich' }).selectOption({ label: 'Zugriffskontrolle' })
  await expect(page).toHaveURL(/area=access/)
  const roleRow = page
    .getByRole('row')
    .filter({ hasText: 'Angelegt' })
    .filter({ hasText: new RegExp(`Rolle\\s*${roleId.slice(0, 8)}`) })
  await expect(roleRow).toBeVisible()

  // The role's recorded details: field names, its home page and permissions in words. Rows
  // other tests add meanwhile can move the row under the pointer: pressed until it is open.
  const toggle = roleRow.getByRole('button')
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 })
  }).toPass()
  await expect(toggle).toHaveText('Ausblenden')
  const details = page.locator('.details-row')
  await expect(details.getByRole('rowheader', { name: 'Startseite' })).toBeVisible()
  await expect(details.getByRole('row', { name: /Startseite/ })).toContainText('Übersicht')
  await expect(details.getByRole('row', { name: /Berechtigungen/ })).toContainText(
    'Ansehen: Übersicht',
  )
  for (const raw of ['homeRoute', 'rules', '/dashboard', 'read dashboard']) {
    await expect(details.getByText(raw, { exact: true })).toHaveCount(0)
  }
})

test('the role editor offers home pages by name, only pages that exist, and only built areas; hidden rules survive a save', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const headers = await adminHeaders(request, baseURL!)
  // A role from before: it holds a permission of an area that is not built yet.
  const name = `Fees kept ${Date.now()}`
  const created = await request.post(`${baseURL}/api/access/roles`, {
    headers,
    data: {
      name,
      homeRoute: '/dashboard',
      rules: [
        { action: 'read', subject: 'dashboard' },
        { action: 'manage', subject: 'std-fee-config' },
      ],
    },
  })
  expect(created.ok()).toBe(true)
  const { id } = (await created.json()) as { id: string }

  await signInAs(context, request, baseURL!, 'admin')
  await page.goto('/oisacl-roles')
  await page.getByRole('button', { name: 'New role' }).click()
  const home = page.getByLabel('Home page after sign-in')
  await expect(home.locator('option')).toHaveText(['Dashboard'])

  // Vouchers read: its pages join the choice, under their menu names.
  await page.getByRole('checkbox', { name: 'Vouchers: View' }).check()
  await expect(home.locator('option')).toHaveText([
    'Dashboard',
    'Vouchers',
    'General ledger',
    'Trial balance',
  ])
  // Everything of the built areas: still no page that does not exist, and no path.
  for (const area of ['Dashboard', 'Access control', 'Accounting', 'Admission']) {
    await page.getByRole('checkbox', { name: `View: all of ${area}` }).check()
  }
  const offered = await home.locator('option').allTextContents()
  expect(offered.filter((o) => o.startsWith('/'))).toEqual([])
  expect(offered).toEqual([
    'Dashboard',
    'Users',
    'Roles and permissions',
    'Audit log',
    'Chart of accounts',
    'COA mapping',
    'COA configuration',
    'Vouchers',
    'General ledger',
    'Trial balance',
    'Admission forms',
    'Applicants',
  ])

  // The matrix shows the built areas only.
  const areas = page.getByRole('rowgroup').locator('th[scope="rowgroup"]')
  await expect(areas).toHaveText([
    'Dashboard',
    'Access control',
    'Institute and students',
    'Accounting',
    'Admission',
    'Fees',
    'Collection',
    'Online payments',
  ])
  await expect(page.getByRole('rowheader', { name: 'Reports', exact: true })).toHaveCount(0)
  await expect(page.getByRole('rowheader', { name: 'Paid report' })).toHaveCount(0)

  // A page is chosen by its name; the role stores the path.
  const newName = `Labels home ${Date.now()}`
  await page.getByLabel('Role name').fill(newName)
  await home.selectOption({ label: 'Trial balance' })
  await page.getByRole('button', { name: 'Create role' }).click()
  await expect(page.getByText(`The role ${newName} was saved.`)).toBeVisible()
  const roles = (await (await request.get(`${baseURL}/api/access/roles`, { headers })).json()) as {
    data: { id: string; name: string; homeRoute: string; rules: { subject: string }[] }[]
  }
  expect(roles.data.find((r) => r.name === newName)?.homeRoute).toBe('/vouchers/trial-balance')

  // The older role, changed and saved: its rule on the hidden area is kept.
  await page.getByRole('button', { name }).click()
  await expect(page.getByLabel('Role name')).toHaveValue(name)
  await page.getByRole('checkbox', { name: 'Vouchers: View' }).check()
  await page.getByRole('button', { name: 'Save role' }).click()
  await expect(page.getByText(`The role ${name} was saved.`)).toBeVisible()
  const after = (await (await request.get(`${baseURL}/api/access/roles`, { headers })).json()) as {
    data: { id: string; rules: { action: string; subject: string }[] }[]
  }
  const kept = after.data.find((r) => r.id === id)!.rules
  expect(kept).toContainEqual({ action: 'manage', subject: 'std-fee-config' })
  expect(kept).toContainEqual({ action: 'read', subject: 'getVouchers' })
})
