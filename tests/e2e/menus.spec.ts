import { expect, test, type Locator, type Page } from '@playwright/test'
import { signInAs } from './session.ts'

/** The box of an element lies inside the window, and the element is what shows at its centre. */
async function expectUncovered(page: Page, element: Locator) {
  const box = (await element.boundingBox())!
  const { width, height } = page.viewportSize()!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(width)
  expect(box.y + box.height).toBeLessThanOrEqual(height)
  const onTop = await element.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x!, y!)
      return hit !== null && el.contains(hit)
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(onTop, 'nothing covers or clips it').toBe(true)
}

test.describe('a row’s actions beyond the first two', () => {
  test.beforeEach(async ({ context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, 'admin')
  })

  test('wait in a menu that the keyboard and the mouse work, and that closes as expected', async ({
    page,
  }) => {
    // The demo's users, whatever the other suites added before them in the list.
    await page.goto('/access-control?q=Demo')
    const row = page.getByRole('row').filter({ hasText: 'Demo Client' })
    await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible()
    await expect(row.getByRole('button', { name: 'Reset password' })).toBeVisible()
    await expect(row.getByRole('button', { name: 'Act as' })).toHaveCount(0)
    const more = row.getByRole('button', { name: 'More actions for Demo Client' })
    await expect(more).toHaveAttribute('aria-haspopup', 'menu')
    await expect(more).toHaveAttribute('aria-expanded', 'false')

    // Opened, it holds the focus on its first item; the arrows, Home and End go round.
    await more.click()
    const menu = page.getByRole('menu', { name: 'More actions for Demo Client' })
    await expect(menu).toBeVisible()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    const deactivate = menu.getByRole('menuitem', { name: 'Deactivate' })
    const actAs = menu.getByRole('menuitem', { name: 'Act as' })
    await expect(deactivate).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(actAs).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(deactivate).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(actAs).toBeFocused()
    await page.keyboard.press('Home')
    await expect(deactivate).toBeFocused()
    await page.keyboard.press('End')
    await expect(actAs).toBeFocused()

    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(more).toBeFocused()
    await expect(more).toHaveAttribute('aria-expanded', 'false')

    // ArrowUp on the button opens it at its last item; Enter takes the focused item.
    await page.keyboard.press('ArrowUp')
    await expect(actAs).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(deactivate).toBeFocused()
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Deactivate Demo Client? They are signed out at once.')
      void dialog.dismiss()
    })
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()
    await expect(more).toBeFocused()

    // A click elsewhere closes it.
    await more.click()
    await expect(menu).toBeVisible()
    await page.getByRole('heading', { name: 'Users', level: 1 }).click()
    await expect(menu).toBeHidden()
    await expect(more).toHaveAttribute('aria-expanded', 'false')
  })

  test('a disabled action says why, in the menu', async ({ page }) => {
    // The demo's users, whatever the other suites added before them in the list.
    await page.goto('/access-control?q=Demo')
    const row = page.getByRole('row').filter({ hasText: 'Demo Administrator' })
    await row.getByRole('button', { name: 'More actions for Demo Administrator' }).click()
    const deactivate = row.getByRole('menuitem', { name: 'Deactivate' })
    await expect(deactivate).toBeDisabled()
    await expect(deactivate).toHaveAccessibleDescription('You cannot do this to your own account.')
    await expect(deactivate).toBeVisible()
  })

  for (const rtl of [false, true]) {
    test(`the menu opens whole beside its button, ${rtl ? 'right to left' : 'left to right'}, on a tablet`, async ({
      page,
      context,
    }) => {
      await context.addInitScript((rtl) => {
        localStorage.setItem('layout-settings', JSON.stringify({ layoutType: 'vertical', rtl }))
      }, rtl)
      await page.setViewportSize({ width: 768, height: 1024 })
      await page.goto('/coa')
      await page.getByRole('button', { name: 'Expand all' }).click()
      const row = page.getByRole('row').filter({ hasText: 'Cash in hand' })
      const more = row.getByRole('button', { name: 'More actions for Cash in hand' })
      await more.click()
      const menu = page.getByRole('menu', { name: 'More actions for Cash in hand' })
      for (const item of await menu.getByRole('menuitem').all()) await expectUncovered(page, item)
      // It lines up with the button's end: its right edge, or its left one in right-to-left.
      const button = (await more.boundingBox())!
      const box = (await menu.boundingBox())!
      if (rtl) expect(Math.abs(box.x - button.x)).toBeLessThanOrEqual(1)
      else expect(Math.abs(box.x + box.width - (button.x + button.width))).toBeLessThanOrEqual(1)
    })
  }
})

test.describe('the horizontal menu', () => {
  test.beforeEach(async ({ context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, 'admin')
    await context.addInitScript(() => {
      localStorage.setItem('layout-settings', JSON.stringify({ layoutType: 'horizontal' }))
    })
  })

  test('groups the pages by area in dropdowns the keyboard works, and fits the window', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/dashboard')
    const nav = page.getByRole('navigation', { name: 'Main menu' })
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
    // The pages of no area stand alone beside the areas.
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'SMS notification'])
    const areas = nav.getByRole('button')
    await expect(areas).toHaveText([
      'Users and access',
      'Institute',
      'Accounting',
      'Fees',
      'Collection',
      'Reports',
      'Online payments',
      'Admission',
    ])
    // Nothing scrolls sideways, and every icon keeps its size.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    for (const icon of await nav.locator('svg').all()) {
      const box = await icon.boundingBox()
      if (box) expect(box.width).toBeGreaterThanOrEqual(14)
    }

    const accounting = nav.getByRole('button', { name: 'Accounting' })
    await expect(accounting).toHaveAttribute('aria-expanded', 'false')
    await accounting.focus()
    await page.keyboard.press('ArrowDown')
    await expect(accounting).toHaveAttribute('aria-expanded', 'true')
    const chart = nav.getByRole('link', { name: 'Chart of accounts' })
    await expect(chart).toBeFocused()
    await page.keyboard.press('End')
    await expect(nav.getByRole('link', { name: 'Trial balance' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(chart).toBeHidden()
    await expect(accounting).toBeFocused()

    // A click opens it; the chosen page closes it and marks its area.
    await accounting.click()
    await expectUncovered(page, nav.getByRole('link', { name: 'Trial balance' }))
    await nav.getByRole('link', { name: 'General ledger' }).click()
    await expect(page).toHaveURL(/\/vouchers\/ledger$/)
    await expect(chart).toBeHidden()
    await expect(accounting).toHaveClass(/\bcurrent-area\b/)
    await expect(nav.getByRole('button', { name: 'Admission' })).not.toHaveClass(/current-area/)

    // Tab out of an open dropdown closes it.
    await nav.getByRole('button', { name: 'Admission' }).click()
    const applicants = nav.getByRole('link', { name: 'Applicants' })
    await expect(applicants).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(applicants).toBeHidden()
  })
})

test('on a tablet the sidebar opens from its button and is out of reach while closed', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAs(context, request, baseURL!, 'admin')
  await page.setViewportSize({ width: 768, height: 1024 })
  await page.goto('/dashboard')
  const vouchers = page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Vouchers' })
  await expect(vouchers).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(vouchers).toBeVisible()
  await vouchers.click()
  await expect(page).toHaveURL(/\/vouchers(\?|$)/)
  await expect(vouchers).toBeHidden()
})
