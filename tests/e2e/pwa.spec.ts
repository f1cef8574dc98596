import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './chromium.ts'
import { signInAs } from './session.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

test.describe('the installable, offline-tolerant app', () => {
  test('after one online visit, an offline reload still renders the shell', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await waitForServiceWorkerControl(page)
    await context.setOffline(true)
    await page.reload()
    await expect(
      page.getByRole('heading', { name: 'Welcome to Educational Management System' }),
    ).toBeVisible()
    await expect(page.getByTestId('offline-indicator')).toBeVisible()
    // A client route never visited before is served from the cached shell too.
    await page.goto('/pages/miscellaneous/coming-soon')
    await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible()
    await context.setOffline(false)
    await expect(page.getByTestId('offline-indicator')).toBeHidden()
  })

  test('the staff dashboard opens offline from the saved cache', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAs(context, request, baseURL!, 'admin')
    await page.goto('/dashboard')
    await expect(page.getByTestId('system-status')).toContainText('0.1.0')
    await waitForServiceWorkerControl(page)
    // The persister writes at most once a second: wait until the version is saved.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('query-cache') ?? ''))
      .toContain('"version"')
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome, Demo Administrator' })).toBeVisible()
    await expect(page.getByTestId('system-status')).toContainText('0.1.0')
    await expect(page.getByTestId('system-status')).toContainText('Not reachable')
  })

  test('API calls are never answered with the cached shell', async ({ page, context }) => {
    await page.goto('/login')
    await waitForServiceWorkerControl(page)
    await context.setOffline(true)
    const result = await page.evaluate(() =>
      fetch('/api/version').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    )
    expect(result).toBe('network error')
  })

  test('the manifest is linked and valid', async ({ page, request }) => {
    await page.goto('/login')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const res = await request.get(href!)
    expect(res.ok()).toBe(true)
    const manifest = (await res.json()) as {
      name: string
      short_name: string
      start_url: string
      display: string
      theme_color: string
      icons: { src: string; sizes: string; type: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Educational Management System',
      short_name: 'EMS Office',
      start_url: '/',
      display: 'standalone',
      theme_color: '#7367f0',
    })
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) {
      const img = await request.get(icon.src)
      expect(img.headers()['content-type'], icon.src).toBe('image/png')
    }
  })

  test('Chromium finds the app installable', async ({ baseURL }) => {
    // Installation is never offered in an incognito profile, so this uses a real one.
    const profile = await chromium.launchPersistentContext(
      mkdtempSync(join(tmpdir(), 'ems-profile-')),
      {
        executablePath: chromiumPath,
        args: chromiumArgs,
        baseURL,
      },
    )
    const page = await profile.newPage()
    await page.goto('/login')
    await waitForServiceWorkerControl(page)
    const cdp = await profile.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors).toEqual([])
    await profile.close()
  })

  test('the staff app creates the browser database with its stores', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAs(context, request, baseURL!, 'admin')
    await page.goto('/dashboard')
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const dbs = await indexedDB.databases()
          return dbs.find((d) => d.name === 'institute-office')?.version ?? 0
        }),
      )
      .toBeGreaterThan(0)
    const stores = await page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('institute-office')
          open.onsuccess = () => {
            resolve([...open.result.objectStoreNames].sort())
            open.result.close()
          }
          open.onerror = () => reject(open.error)
        }),
    )
    expect(stores).toEqual(['attachments', 'drafts', 'outbox', 'readData', 'reads'])
  })
})
