import { expect, test } from '@playwright/test'
import { signInAs, staffUser } from './session.ts'

test('an admission officer is offered the admission pages, not the books', async ({
  page,
  context,
  baseURL,
}) => {
  const officer = {
    username: `dash-officer-${Date.now()}`,
    fullName: 'Dana Officer',
    role: 'admission officer',
    password: 'Dash-officer-pass-1',
  }
  await staffUser(context.request, baseURL!, officer)
  await signInAs(context, context.request, baseURL!, officer.username, officer.password)
  await page.goto('/dashboard')

  const shortcuts = page.getByRole('region', { name: 'Get started' })
  await expect(shortcuts.getByRole('link', { name: /Applicants/ })).toBeVisible()
  await expect(shortcuts.getByRole('link', { name: /Admission forms/ })).toBeVisible()
  await expect(shortcuts.getByRole('link', { name: /Vouchers/ })).toHaveCount(0)
  await expect(shortcuts.getByRole('link', { name: /Users/ })).toHaveCount(0)

  await shortcuts.getByRole('link', { name: /Applicants/ }).click()
  await expect(page).toHaveURL(/\/admission-applicants(\?|$)/)
})

test('the system tile tells the truth when the network goes', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, context.request, baseURL!, 'admin')
  await page.goto('/dashboard')
  const status = page.getByTestId('system-status')
  await expect(status).toContainText('Connected (embedded PostgreSQL)')

  await context.setOffline(true)
  await expect(status).toContainText('Not reachable: you are working offline.')
  await expect(status).not.toContainText('Connected')
  await expect(status.getByRole('link', { name: 'Pages saved for offline' })).toBeVisible()

  await context.setOffline(false)
  await expect(status).toContainText('Connected (embedded PostgreSQL)')
})

test('an integrator reads the API reference: the viewer renders the document’s operations', async ({
  page,
}) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text())
  })
  await page.goto('/api/reference')
  // The viewer digests an OpenAPI 3.1 document slowly (about 4.5 s on a quiet machine, twice
  // that on a busy one): what is checked here is that it renders under the page's policy.
  await expect(page.getByRole('heading', { name: /Institute office API/ })).toBeVisible({
    timeout: 30_000,
  })
  const health = page.locator('.opblock', { hasText: '/api/health' }).first()
  await health.locator('.opblock-summary').click()
  await expect(health.getByRole('button', { name: 'Try it out' })).toBeVisible()
  await expect(health.getByText('HealthSchema').or(health.getByText('Health'))).not.toHaveCount(0)
  expect(refused).toEqual([])
})
