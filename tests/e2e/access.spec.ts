import { expect, test, type Page } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

async function signInWithForm(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username or email').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const mainMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')

test('an admin creates a cashier and changes the role; the cashier sees only what it allows; the audit log shows each step', async ({
  browser,
  baseURL,
}) => {
  // The longest flow of the suite: two users, a role, a first password and the audit log.
  test.slow()
  const admin = await browser.newContext()
  await signInAs(admin, admin.request, baseURL!, 'admin')
  const page = await admin.newPage()

  // The admin creates the user, with a generated temporary password.
  await page.goto('/access-control')
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
  await expect(mainMenu(page)).toHaveText([
    'Dashboard',
    'Users',
    'Roles and permissions',
    'Audit log',
    'Institutes',
    'Institute settings',
    'Campuses',
    'Academic structure',
    'Students',
    'Promote students',
    'Chart of accounts',
    'COA mapping',
    'COA configuration',
    'Vouchers',
    'General ledger',
    'Trial balance',
    'Fee configuration',
    'Payment cycles',
    'VAT',
    'Fines',
    'Concessions',
    'Group invoice',
    'Invoice printing',
    'Counter collection',
    'Cashier’s day',
    'Advances',
    'Paid report',
    'Due report',
    'Student ledger',
    'Head-wise ledger',
    'Head-wise summaries',
    'Online payments',
    'Merchant accounts',
    'Settlement accounts',
    'Services offered online',
    'Campus merchants',
    'Franchise revenue',
    'Payment services',
    'Payment gateways',
    'Admission forms',
    'Applicants',
    'SMS notification',
  ])
  await page.getByRole('button', { name: 'New user' }).click()
  const dialog = page.getByRole('dialog', { name: 'New user' })
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(dialog.getByText('Please enter a username.')).toBeVisible()
  await dialog.getByLabel('Username').fill('counter-1')
  await dialog.getByLabel('Full name').fill('Counter Cashier')
  await dialog.getByLabel('Email').fill('counter-1@demo-school.example')
  await dialog.getByRole('checkbox', { name: 'cashier' }).check()
  await dialog.getByRole('button', { name: 'Generate' }).click()
  const temporary = await dialog.getByLabel('Temporary password').inputValue()
  expect(temporary).toHaveLength(14)
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Counter Cashier can now sign in.' }),
  ).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'counter-1' })
  await expect(row).toContainText('Must choose a password')
  await expect(row).toContainText('cashier')

  // The admin widens the cashier role to the vouchers; its counter rights stay.
  await page.getByRole('link', { name: 'Roles and permissions' }).click()
  await page
    .getByRole('navigation', { name: 'Roles' })
    .getByRole('button', { name: /cashier/ })
    .click()
  await expect(page.getByLabel('Role name')).toHaveValue('cashier')
  await expect(page.getByRole('checkbox', { name: 'Dashboard: View' })).toBeChecked()
  await page.getByRole('checkbox', { name: 'Vouchers: View' }).check()
  await page.getByRole('button', { name: 'Save role' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The role cashier was saved.' }),
  ).toBeVisible()

  // The cashier signs in, chooses a password, and sees only what the role allows.
  const cashier = await browser.newContext()
  const cashierPage = await cashier.newPage()
  await signInWithForm(cashierPage, 'counter-1', temporary)
  await expect(cashierPage).toHaveURL(/\/password-reset$/)
  await cashierPage.getByLabel('New password', { exact: true }).fill('counter-own-pass-1')
  await cashierPage.getByLabel('Confirm the new password').fill('counter-own-pass-1')
  await cashierPage.getByRole('button', { name: 'Save and continue' }).click()
  await expect(cashierPage).toHaveURL(/\/dashboard$/)
  await expect(mainMenu(cashierPage)).toHaveText([
    'Dashboard',
    'Vouchers',
    'General ledger',
    'Trial balance',
    'Counter collection',
    'Cashier’s day',
    'Advances',
    'Paid report',
    'Due report',
    'Student ledger',
  ])
  const ability = await cashierPage.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('userData')!) as { ability: { subject: string }[] }).ability,
  )
  expect(ability.map((r) => r.subject)).toContain('payment-collection')
  expect(ability.map((r) => r.subject)).toContain('getVouchers')
  for (const forbidden of ['/access-control', '/oisacl-roles', '/audits']) {
    await cashierPage.goto(forbidden)
    await expect(cashierPage).toHaveURL(/\/pages\/miscellaneous\/not-authorized$/)
  }

  // Every step is in the audit log, newest first, with who did it. Other tests act meanwhile:
  // the longest page keeps this test's rows on it, and each row is looked for with its user.
  await page.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await page.getByLabel('Rows per page').selectOption('100')
  const rows = page.getByRole('row')
  await expect(
    rows.filter({ hasText: 'First password chosen' }).filter({ hasText: 'Counter Cashier' }),
  ).toBeVisible()
  await expect(
    rows.filter({ hasText: 'Signed in' }).filter({ hasText: 'Counter Cashier' }).first(),
  ).toBeVisible()
  const roleChange = rows.filter({ hasText: 'Permissions changed' }).first()
  await expect(roleChange).toContainText('Demo Administrator')
  await roleChange.getByRole('button', { name: 'Changes' }).click()
  await expect(page.locator('.diff')).toContainText('View: Vouchers')
  await expect(
    rows.filter({ hasText: 'Created' }).filter({ hasText: 'user' }).first(),
  ).toContainText('Demo Administrator')
  // Filtered to the cashier: their own sign-in and password only.
  await page.getByLabel('User').selectOption({ label: 'Counter Cashier (counter-1)' })
  await expect(page.getByRole('row').filter({ hasText: 'Counter Cashier' })).toHaveCount(2)
  await admin.close()
  await cashier.close()
})

test('a role change reaches a signed-in user without signing in again', async ({
  browser,
  baseURL,
  request,
}) => {
  const headers = await adminHeaders(request, baseURL!)
  const role = await request.post(`${baseURL}/api/access/roles`, {
    headers,
    data: {
      name: 'e2e-reader',
      homeRoute: '/dashboard',
      rules: [{ action: 'read', subject: 'dashboard' }],
    },
  })
  const { id: roleId } = (await role.json()) as { id: string }
  await request.post(`${baseURL}/api/access/users`, {
    headers,
    data: {
      username: 'reader-1',
      fullName: 'Reader One',
      password: 'reader-temp-pass-1',
      roleIds: [roleId],
    },
  })
  const reader = await (await browser.newContext()).newPage()
  await signInWithForm(reader, 'reader-1', 'reader-temp-pass-1')
  await reader.getByLabel('New password', { exact: true }).fill('reader-own-pass-1')
  await reader.getByLabel('Confirm the new password').fill('reader-own-pass-1')
  await reader.getByRole('button', { name: 'Save and continue' }).click()
  await expect(mainMenu(reader)).toHaveText(['Dashboard'])

  // Granted the audit log: it appears in the menu on the next visit, no new sign-in needed.
  await request.patch(`${baseURL}/api/access/roles/${roleId}`, {
    headers,
    data: {
      rules: [
        { action: 'read', subject: 'dashboard' },
        { action: 'read', subject: 'audits' },
      ],
    },
  })
  await reader.reload()
  await expect(mainMenu(reader)).toHaveText(['Dashboard', 'Audit log'])
  await mainMenu(reader).filter({ hasText: 'Audit log' }).click()
  await expect(reader.getByRole('heading', { name: 'Audit log' })).toBeVisible()

  // Taken away while the page is open: the next action is refused and the page goes.
  await request.patch(`${baseURL}/api/access/roles/${roleId}`, {
    headers,
    data: { rules: [{ action: 'read', subject: 'dashboard' }] },
  })
  await reader.getByLabel('Action').selectOption({ index: 1 })
  await expect(reader).toHaveURL(/\/pages\/miscellaneous\/not-authorized$/)
  await reader.getByRole('link', { name: 'Back to home' }).click()
  await expect(mainMenu(reader)).toHaveText(['Dashboard'])
})

test('the client role looks at users without any way to change them', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAs(context, request, baseURL!, 'client')
  await page.goto('/access-control')
  await expect(page.getByText('You can look at the users but not change them.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Demo Administrator' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0)
  await expect(mainMenu(page)).toHaveText(['Users'])
  // Search and paging work from the address bar as well.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('demo client')
  await expect(page).toHaveURL(/q=demo(\+|%20)client/)
  await expect(page.getByRole('row')).toHaveCount(2)
  // The staff pages' strings follow a change of language as well, and a reload.
  await page.getByTestId('language-switcher').selectOption('de')
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByText('Sie können die Benutzer ansehen, aber nicht ändern.')).toBeVisible()
})

test('an admin acts as a user and stops, back in their own session', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAs(context, request, baseURL!, 'admin')
  await page.goto('/access-control')
  const admins = page.getByRole('row').filter({ hasText: 'Demo Administrator' })
  // Actions beyond the first two wait in the row's menu.
  await admins.getByRole('button', { name: 'More actions for Demo Administrator' }).click()
  await expect(admins.getByRole('menuitem', { name: 'Deactivate' })).toBeDisabled()
  await page.keyboard.press('Escape')
  const client = page.getByRole('row').filter({ hasText: 'Demo Client' })
  await client.getByRole('button', { name: 'More actions for Demo Client' }).click()
  await client.getByRole('menuitem', { name: 'Act as' }).click()
  await expect(page).toHaveURL(/\/access-control/)
  await expect(page.getByRole('status').filter({ hasText: 'Acting as this user' })).toBeVisible()
  await expect(mainMenu(page)).toHaveText(['Users'])
  await page.getByRole('button', { name: 'Stop acting as Demo Client' }).click()
  await expect(page.getByRole('button', { name: 'New user' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Acting as this user' })).toHaveCount(0)
  await expect(mainMenu(page)).toHaveText([
    'Dashboard',
    'Users',
    'Roles and permissions',
    'Audit log',
    'Institutes',
    'Institute settings',
    'Campuses',
    'Academic structure',
    'Students',
    'Promote students',
    'Chart of accounts',
    'COA mapping',
    'COA configuration',
    'Vouchers',
    'General ledger',
    'Trial balance',
    'Fee configuration',
    'Payment cycles',
    'VAT',
    'Fines',
    'Concessions',
    'Group invoice',
    'Invoice printing',
    'Counter collection',
    'Cashier’s day',
    'Advances',
    'Paid report',
    'Due report',
    'Student ledger',
    'Head-wise ledger',
    'Head-wise summaries',
    'Online payments',
    'Merchant accounts',
    'Settlement accounts',
    'Services offered online',
    'Campus merchants',
    'Franchise revenue',
    'Payment services',
    'Payment gateways',
    'Admission forms',
    'Applicants',
    'SMS notification',
  ])
})
