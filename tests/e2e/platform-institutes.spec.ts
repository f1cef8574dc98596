import { expect, test } from '@playwright/test'
import { e2ePassword, signInAs } from './session.ts'
import { spawnServer } from './spawn-server.ts'

/*
 * A platform administrator opens an institute, works inside it from the top bar and suspends
 * it. On a server of its own: the new admin's temporary password is read from its console
 * outbox, and suspending an institute touches nothing the other specs use.
 */
test.describe('platform administration', () => {
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    // A second server starting on a loaded machine.
    test.setTimeout(120_000)
    server = await spawnServer({ PORT: String(Number(process.env.E2E_PORT ?? 4310) + 1) })
  })
  test.afterAll(() => server?.stop())

  test('create an institute, work in it, suspend it: its admin is refused, admissions close', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAs(context, context.request, server.url, 'admin', e2ePassword)

    // Create it: the address follows the name, the first admin is told a temporary password.
    await page.goto(`${server.url}/institutes`)
    await expect(page.getByRole('heading', { name: 'Institutes' })).toBeVisible()
    await page.getByRole('button', { name: 'New institute' }).click()
    const dialog = page.getByRole('dialog', { name: 'New institute' })
    await dialog.getByLabel('Name', { exact: true }).fill('Lakeside College')
    await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('lakeside-college')
    await dialog.getByLabel('Currency', { exact: true }).fill('XXQ')
    await dialog.getByLabel('Time zone', { exact: true }).fill('Europe/Lisbon')
    await dialog.getByLabel('Username', { exact: true }).fill('lake-admin')
    await dialog.getByLabel('Full name', { exact: true }).fill('Lara Lake')
    await dialog.getByLabel('Email', { exact: true }).fill('lara@lakeside.example')
    await dialog.getByRole('button', { name: 'Create institute' }).click()
    await expect(dialog.getByText('Not an ISO 4217 currency code.')).toBeVisible()
    await dialog.getByLabel('Currency', { exact: true }).fill('EUR')
    await dialog.getByRole('button', { name: 'Create institute' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Lakeside College is open.' }),
    ).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: 'lakeside-college' })
    await expect(row).toContainText('EUR')
    await expect(row).toContainText('Active')
    const line = await server.waitForLine(
      /^\[outbox\] email to lara@lakeside\.example: .*temporary password \S+,/,
    )
    const password = /temporary password (\S+),/.exec(line)![1]!

    // Work in it from the top bar: its own (empty) data, and the bar says where one works.
    const picker = page.getByLabel('Working in institute')
    await picker.selectOption({ label: 'Lakeside College' })
    await page.goto(`${server.url}/access-control`)
    await expect(page.getByLabel('Working in institute')).toHaveValue(/.+/)
    await expect(page.getByRole('row').filter({ hasText: 'lake-admin' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'Demo Client' })).toHaveCount(0)
    await page.goto(`${server.url}/admission-forms`)
    await expect(page.getByText('Class One admission 2027')).toHaveCount(0)
    // And back in one's own institute, its data again.
    await page
      .getByLabel('Working in institute')
      .selectOption({ label: 'Demo School and College (yours)' })
    await expect(page.getByText('Class One admission 2027')).toBeVisible()

    // Suspend it, with the reason.
    await page.goto(`${server.url}/institutes`)
    await page.getByRole('button', { name: 'Suspend Lakeside College' }).click()
    const suspend = page.getByRole('dialog', { name: 'Suspend Lakeside College' })
    await suspend.getByLabel('Reason').fill('The contract ended')
    await suspend.getByRole('button', { name: 'Suspend' }).click()
    await expect(row).toContainText('Suspended')
    await expect(row).toContainText('The contract ended')

    // Its admin is refused sign-in, in words; its admission page says admissions are closed.
    const visitor = await browser.newContext()
    const other = await visitor.newPage()
    await other.goto(`${server.url}/login`)
    await other.getByLabel('Username or email').fill('lake-admin')
    await other.getByLabel('Password').fill(password)
    await other.getByRole('button', { name: 'Sign in' }).click()
    await expect(other.getByText(/Your institute’s account is suspended/)).toBeVisible()
    await other.goto(`${server.url}/admission/lakeside-college`)
    await expect(other.getByText(/Admissions are closed/)).toBeVisible()
    await visitor.close()
    await context.close()
  })
})
