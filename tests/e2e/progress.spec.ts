import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './session.ts'

// Requests a service worker answers would pass by page.route: the delayed API needs it away.
test.use({ serviceWorkers: 'block' })

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true })

for (const layoutType of ['vertical', 'horizontal'] as const) {
  test(`in the ${layoutType} layout only the current page's entry is active`, async ({
    context,
    page,
    baseURL,
  }) => {
    await signInAs(context, context.request, baseURL!, 'admin')
    await context.addInitScript((layout) => {
      localStorage.setItem('layout-settings', JSON.stringify({ layoutType: layout }))
    }, layoutType)

    await page.goto('/vouchers/ledger')
    await expect(page.locator(`[data-layout="${layoutType}"]`)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'General ledger', level: 1 })).toBeVisible()
    // The horizontal bar keeps the accounting pages in their area's dropdown, the area marked
    // as the current page's.
    const openArea = async () => {
      if (layoutType === 'vertical') return
      const area = page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('button', { name: 'Accounting' })
      await expect(area).toHaveClass(/\bcurrent-area\b/)
      await area.click()
    }
    await openArea()
    await expect(menuLink(page, 'General ledger')).toHaveAttribute('aria-current', 'page')
    await expect(menuLink(page, 'Vouchers')).not.toHaveAttribute('aria-current', /./)
    await expect(menuLink(page, 'Trial balance')).not.toHaveAttribute('aria-current', /./)
    const current = page
      .getByRole('navigation', { name: 'Main menu' })
      .locator('a[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveClass(/\bactive\b/)

    // The list itself is Vouchers' alone.
    await menuLink(page, 'Vouchers').click()
    await expect(page).toHaveURL(/\/vouchers(\?|$)/)
    await openArea()
    await expect(menuLink(page, 'Vouchers')).toHaveAttribute('aria-current', 'page')
    await expect(current).toHaveCount(1)
  })
}

test('a slow navigation shows the progress bar until the page arrives', async ({
  context,
  page,
  baseURL,
}) => {
  await signInAs(context, context.request, baseURL!, 'admin')
  await page.goto('/dashboard')
  const dashboard = page.getByRole('heading', { name: /^Welcome, /, level: 1 })
  await expect(dashboard).toBeVisible()
  const progress = page.getByRole('progressbar', { name: 'Loading page' })
  await expect(progress).toHaveCount(0)

  // From here on every API answer takes 1.5 s.
  await page.route('/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.fallback()
  })
  await menuLink(page, 'Chart of accounts').click()
  await expect(progress).toBeVisible()
  // The old page is still there while the new one loads.
  await expect(dashboard).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Chart of accounts', level: 1 })).toBeVisible()
  await expect(progress).toHaveCount(0)
})
