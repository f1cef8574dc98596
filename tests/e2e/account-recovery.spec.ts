import { expect, test } from '@playwright/test'
import { e2ePassword, signInWithForm } from './session.ts'
import { spawnServer } from './spawn-server.ts'

/*
 * The account's guest pages (§4): registering an institute, and recovering a forgotten username
 * or password. Public pages: the server renders them, and they work before any script has run.
 */

test.describe('account recovery', () => {
  test.describe.configure({ mode: 'serial' })
  let server: Awaited<ReturnType<typeof spawnServer>>
  test.beforeAll(async () => {
    server = await spawnServer({ PORT: '4331', SIGNUP_ENABLED: 'true' })
  })
  test.afterAll(() => server.stop())

  test('the pages come from the server; a later step opened without the earlier ones starts again, a signed-in user goes home', async ({
    page,
  }) => {
    const html = await (
      await page.request.get(`${server.url}/forgot-password`, { headers: { Accept: 'text/html' } })
    ).text()
    expect(html).toContain('<h1>Forgot your password?</h1>')
    expect(html).toMatch(/<input[^>]*name="username"/)

    // A new tab holds no step of a recovery: the code and the new password start again.
    for (const step of ['/otp-verify', '/reset-password', '/recover-identity']) {
      await page.goto(`${server.url}${step}`)
      await expect(page, step).toHaveURL(/\/forgot-password$/)
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    }

    await page.goto(`${server.url}/login`)
    await signInWithForm(page, 'admin', e2ePassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    for (const guestOnly of ['/forgot-password', '/forgot-username', '/register']) {
      await page.goto(`${server.url}${guestOnly}`)
      await expect(page, guestOnly).toHaveURL(/\/dashboard$/)
    }
    // Open to anyone (§2): a signed-in user may look at it.
    await page.goto(`${server.url}/forgot-username-password`)
    await expect(page.getByRole('heading', { name: 'Trouble signing in?' })).toBeVisible()
  })

  test('a visitor registers an institute and is signed in as its administrator', async ({
    page,
  }) => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('link', { name: 'Register a new institute' }).click()
    await expect(page).toHaveURL(/\/register$/)
    await page.getByLabel('Institute name').fill('Riverside Academy')
    await page.getByLabel('Your name').fill('Rina Akter')
    // A username and email of this run's own: the server outlives one run of the test.
    const username = `rina-${Date.now().toString(36)}`
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Email').fill(`${username}@riverside.example`)
    await page.getByLabel('Password').fill('short')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible()
    await page.getByLabel('Password').fill('riverside-password-1')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Rina Akter' })).toBeVisible()
  })

  test('forgot username: sent to the email, the toast says so, back to sign-in', async ({
    page,
  }) => {
    await page.goto(`${server.url}/forgot-username`)
    const send = page.getByRole('button', { name: 'Send my username' })
    await expect(send).toBeDisabled()
    await page.getByLabel('Email or mobile number').fill('client@demo-school.example')
    await send.click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your username has been sent to your email.' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await server.waitForLine(/^\[outbox\] email to client@demo-school\.example: .*\bclient\b/)
  })

  test('forgot username: an unknown address shows the server’s message', async ({ page }) => {
    await page.goto(`${server.url}/forgot-username`)
    await page.getByLabel('Email or mobile number').fill('nobody@nowhere.example')
    await page.getByRole('button', { name: 'Send my username' }).click()
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'We could not find an account with that email or mobile number.' }),
    ).toBeVisible()
  })

  test('forgot password: choose the phone, enter the code from the outbox, set a new password', async ({
    page,
  }) => {
    // Each step is a page of its own, taken over from the server's HTML without a complaint
    // (the identity choice shows what only this tab holds). A refused code, or the service
    // worker this run keeps off, is no complaint.
    const benign = /^(Failed to load resource|Service Worker registration blocked)/
    const complaints: string[] = []
    page.on('console', (message) => {
      if (!['error', 'warning'].includes(message.type())) return
      if (!benign.test(message.text())) complaints.push(message.text())
    })
    page.on('pageerror', (error) => complaints.push(error.message))
    await page.goto(`${server.url}/login`)
    await page.getByRole('link', { name: 'Forgot your username or password?' }).click()
    await page.getByRole('link', { name: /I forgot my password/ }).click()
    await page.getByLabel('Username').fill('admin')
    await page.getByRole('button', { name: 'Continue' }).click()

    // Both an email and a phone: the identity-choice screen, with both masked.
    await expect(page).toHaveURL(/\/recover-identity$/)
    await expect(page.getByText('a***@demo-school.example')).toBeVisible()
    await expect(page.getByText('+880*******123')).toBeVisible()
    await page.getByLabel(/Mobile/).check()
    await page.getByRole('button', { name: 'Send the code' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'A code has been sent to your device.' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/otp-verify$/)

    const line = await server.waitForLine(
      /^\[outbox\] sms to \+8801700000123: Your password reset code is \d{6}/,
    )
    const code = /code is (\d{6})/.exec(line)![1]!
    const wrong = code === '000000' ? '111111' : '000000'
    await page.getByLabel('Code').fill(wrong)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(
      page.getByText('That code is not valid. Check it or ask for a new one.'),
    ).toBeVisible()

    await page.getByLabel('Code').fill(code)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Congrats Otp match' })).toBeVisible()
    await expect(page).toHaveURL(/\/reset-password$/)

    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByText('The password must be at least 8 characters.')).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-42')
    await page.getByLabel('Confirm the new password').fill('a-new-password-42')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been reset. Please sign in.' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    // All flow state is gone (§4).
    expect(await page.evaluate(() => sessionStorage.getItem('recovery-flow'))).toBeNull()

    await signInWithForm(page, 'admin', 'a-new-password-42')
    await expect(page).toHaveURL(/\/dashboard$/)
    expect(complaints).toEqual([])
  })
})
