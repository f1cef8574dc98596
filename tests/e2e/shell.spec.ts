import { expect, test } from '@playwright/test'
import { signInAs } from './session.ts'

test.describe('the app shell', () => {
  test('loads, hides the loading overlay and sends a visitor to sign-in', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/')
    await expect(page).toHaveURL(/\/login(\?|$)/)
    await expect(
      page.getByRole('heading', { name: 'Welcome to Educational Management System' }),
    ).toBeVisible()
    await expect(page.locator('#loading-bg')).toBeHidden()
    await expect(page).toHaveTitle('Educational Management System')
    expect(errors).toEqual([])
  })

  test('a browser that refuses service workers runs the app without an error', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.addInitScript(() => {
      navigator.serviceWorker.register = () =>
        Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'))
    })
    await page.goto('/login')
    await page.getByRole('heading', { level: 1 }).hover()
    await expect(page.locator('html[data-live]')).toHaveCount(1)
    await page.getByLabel('Username or email').fill('nobody')
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Email or Password is Invalid' }),
    ).toBeVisible()
    expect(errors).toEqual([])
  })

  test('switching to German, French, Portuguese and Bangla changes the text, and the choice stays', async ({
    page,
  }) => {
    await page.goto('/login')
    // The sign-in page arrives rendered by the server; its switcher works once React has it,
    // which is at the first touch.
    const live = () => expect(page.locator('html[data-live]')).toHaveCount(1)
    await page.getByRole('heading', { level: 1 }).hover()
    await live()
    const language = page.getByTestId('language-switcher')
    const expected = {
      de: ['Bitte melden Sie sich bei Ihrem Konto an.', 'Anmelden'],
      fr: ['Veuillez vous connecter à votre compte.', 'Se connecter'],
      bn: ['অনুগ্রহ করে আপনার অ্যাকাউন্টে সাইন ইন করুন।', 'সাইন ইন'],
      pt: ['Inicie sessão na sua conta.', 'Entrar'],
    }
    for (const [locale, [subtitle, button]] of Object.entries(expected)) {
      await language.selectOption(locale)
      await expect(page.getByText(subtitle!)).toBeVisible()
      await expect(page.getByRole('button', { name: button })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
    }
    await page.reload()
    await expect(page.getByText('Inicie sessão na sua conta.')).toBeVisible()
    await expect(language).toHaveAccessibleName('Idioma')
    // Chosen before the reloaded page is taken over: that choice starts the app, which keeps it.
    await language.selectOption('en')
    await expect(page.getByText('Please sign in to your account.')).toBeVisible()
  })

  test('a language chosen on the sign-in page before its scripts have run is kept', async ({
    page,
  }) => {
    // The scripts are held back until the choice is made on the server's page.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await held
      await route.continue()
    })
    // Module scripts hold back DOMContentLoaded: the page is there before it.
    await page.goto('/login', { waitUntil: 'commit' })
    await page.getByTestId('language-switcher').selectOption('fr')
    release()
    await expect(page.locator('html[data-live]')).toHaveCount(1)
    await expect(page.getByText('Veuillez vous connecter à votre compte.')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  })

  test('an unknown path lands on the 404 page', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/error-404$/)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await expect(page).toHaveURL(/\/login/)
  })

  test('every status page renders in the full layout', async ({ page }) => {
    const pages = {
      '/pages/miscellaneous/coming-soon': 'Coming soon',
      '/pages/miscellaneous/not-authorized': 'You are not authorized',
      '/miscellaneous/under-maintenance': 'Under maintenance',
      '/miscellaneous/connection-error': 'Cannot reach the server',
      '/pages/miscellaneous/error': 'Something went wrong',
      '/error-404': 'Page not found',
    }
    for (const [path, heading] of Object.entries(pages)) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      await expect(page.locator('[data-layout="full"]')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
    }
  })

  test('sign-in form names the missing fields and failures show a toast that goes away', async ({
    page,
  }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Please enter your username or email.')).toBeVisible()
    await expect(page.getByText('Please enter your password.')).toBeVisible()
    await page.getByLabel('Username or email').fill('admin')
    await page.getByLabel('Password').fill('whatever-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    const toast = page.getByRole('alert').filter({ hasText: 'Sign-in failed' })
    await expect(toast).toBeVisible()
    await expect(toast).toBeHidden()
  })
})

test.describe('the staff shell of a signed-in user', () => {
  test.beforeEach(async ({ context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, 'admin')
  })

  test('opens the dashboard in the vertical layout with the menu', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    await expect(page.locator('[data-layout="vertical"]')).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    await expect(page.getByTestId('system-status')).toContainText('Connected (embedded PostgreSQL)')
    await expect(page.getByTestId('system-status')).toContainText('0.1.0')
  })

  test('the customizer switches layout, skin and direction and remembers them', async ({
    page,
  }) => {
    await page.goto('/dashboard')
    await page.getByRole('button', { name: 'Customize the layout' }).click()
    const panel = page.getByRole('dialog', { name: 'Theme customizer' })
    await panel.getByLabel('Horizontal').check()
    await expect(page.locator('[data-layout="horizontal"]')).toBeVisible()
    await panel.getByLabel('Dark').check()
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark')
    await panel.getByLabel('Right to left').check()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

    await page.reload()
    await expect(page.locator('[data-layout="horizontal"]')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    expect(await page.evaluate(() => localStorage.getItem('skin'))).toBe('dark')
  })

  test('Escape closes the customizer and gives the focus back to its toggle', async ({ page }) => {
    await page.goto('/dashboard')
    const toggle = page.getByRole('button', { name: 'Customize the layout' })
    await toggle.click()
    const panel = page.getByRole('dialog', { name: 'Theme customizer' })
    await panel.getByLabel('Dark').focus()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // And so does its close button.
    await toggle.click()
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  for (const layoutType of ['vertical', 'horizontal'] as const) {
    test(`in the ${layoutType} layout the first Tab reaches a skip link to the page`, async ({
      page,
      context,
    }) => {
      await context.addInitScript((layout) => {
        localStorage.setItem('layout-settings', JSON.stringify({ layoutType: layout }))
      }, layoutType)
      await page.goto('/access-control')
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).not.toBeInViewport()
      await page.keyboard.press('Tab')
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('main')).toBeFocused()
      await expect(page).not.toHaveURL(/#/)
      // The next Tab goes on inside the page, past the menu.
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'New user' })).toBeFocused()
    })
  }

  test('dates follow the active language', async ({ page }) => {
    await page.goto('/dashboard')
    // The dashboard shows the institute's day (Asia/Dhaka), which is not the browser's at night.
    const today = new Intl.DateTimeFormat('de', {
      dateStyle: 'full',
      timeZone: 'Asia/Dhaka',
    }).format(new Date())
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de')
    await expect(page.getByText(today)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Übersicht', exact: true })).toBeVisible()
    // Bangla: its words, and its own digits (Intl writes them for 'bn'), ০–৯ not 0–9.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('bn')
    const bangla = new Intl.DateTimeFormat('bn', {
      dateStyle: 'full',
      timeZone: 'Asia/Dhaka',
    }).format(new Date())
    expect(bangla).toMatch(/^[^0-9]*[০-৯][^0-9]*$/)
    await expect(page.getByText(bangla)).toBeVisible()
    await expect(page.getByRole('link', { name: 'ড্যাশবোর্ড' })).toBeVisible()
  })

  test('a back-to-top button appears after 250 px, and navigation starts at the top', async ({
    page,
  }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    // The institute picker (platform administrators) arrives after the page shows: it must not
    // make the bar taller, which pushed the page down by 4 px under the reader's eyes.
    const barHeight = () =>
      page.locator('header.navbar-floating').evaluate((bar) => bar.getBoundingClientRect().height)
    const picker = page.getByRole('combobox', { name: 'Working in institute' })
    const language = page.locator('header').getByRole('combobox', { name: 'Language' })
    await expect(picker).toBeVisible()
    expect(await picker.evaluate((e) => e.getBoundingClientRect().height)).toBe(
      await language.evaluate((e) => e.getBoundingClientRect().height),
    )
    const withPicker = await barHeight()
    const pickerBox = (await picker.elementHandle())!
    await pickerBox.evaluate((e) => (e.parentElement!.style.display = 'none'))
    expect(await barHeight()).toBe(withPicker)
    await pickerBox.evaluate((e) => (e.parentElement!.style.display = ''))
    await page.evaluate(() => (document.body.style.minHeight = '4000px'))
    const backToTop = page.getByRole('button', { name: 'Back to top' })
    await page.evaluate(() => window.scrollTo(0, 200))
    await expect(backToTop).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 600))
    await backToTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.evaluate(() => window.scrollTo(0, 900))
    await page.getByRole('link', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('scrolled content passes under the floating top bar, never over it or in the gap above', async ({
    page,
  }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    // The institute picker (platform administrators) arrives after the page shows: it must not
    // make the bar taller, which pushed the page down by 4 px under the reader's eyes.
    const barHeight = () =>
      page.locator('header.navbar-floating').evaluate((bar) => bar.getBoundingClientRect().height)
    const picker = page.getByRole('combobox', { name: 'Working in institute' })
    const language = page.locator('header').getByRole('combobox', { name: 'Language' })
    await expect(picker).toBeVisible()
    expect(await picker.evaluate((e) => e.getBoundingClientRect().height)).toBe(
      await language.evaluate((e) => e.getBoundingClientRect().height),
    )
    const withPicker = await barHeight()
    const pickerBox = (await picker.elementHandle())!
    await pickerBox.evaluate((e) => (e.parentElement!.style.display = 'none'))
    expect(await barHeight()).toBe(withPicker)
    await pickerBox.evaluate((e) => (e.parentElement!.style.display = ''))
    await page.evaluate(() => (document.body.style.minHeight = '4000px'))
    await page.evaluate(() => window.scrollTo(0, 300))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
    // What is under the bar's corners, its middle and the gap above it: the bar, nothing else.
    const foreign = await page.evaluate(() => {
      const bar = document.querySelector('header.navbar-floating')!
      const box = bar.getBoundingClientRect()
      const points = [
        [box.left + 4, box.top + 4],
        [box.right - 4, box.bottom - 4],
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + box.width / 2, box.top / 2],
        [box.left + 4, box.top / 2],
      ]
      return points.flatMap(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!)
        return hit && bar.contains(hit) ? [] : [`${x},${y}: ${hit?.outerHTML.slice(0, 80)}`]
      })
    })
    expect(foreign).toEqual([])
  })

  test('a page whose strings the network drops once opens all the same, fetched again', async ({
    page,
  }) => {
    // The admission office's strings come with its pages: the first download of them fails.
    let tries = 0
    await page.route('**/assets/admission-staff-*.js', (route) =>
      tries++ === 0 ? route.abort('connectionreset') : route.continue(),
    )
    await page.goto('/admission-forms')
    await expect(page.getByRole('heading', { name: 'Admission forms', level: 1 })).toBeVisible()
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
    expect(tries).toBe(2)
  })

  test('signing out forgets the session', async ({ page }) => {
    await page.goto('/dashboard')
    // Pointing at the link preloads pages behind links; signing out is done only by a click.
    const signOut = page.getByRole('link', { name: 'Sign out' })
    await signOut.hover()
    await signOut.focus()
    await page.waitForLoadState('networkidle')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    await signOut.click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull()
    expect(await page.evaluate(() => document.cookie)).not.toContain('accessToken=')
  })
})
