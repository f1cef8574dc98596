import { appendFileSync, cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import { spawnServer } from './spawn-server.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

test('a new deployment shows "update available — reload", and reloading takes it', async ({
  page,
}) => {
  // Two first starts of a server of its own (migrations, seed) and a service worker installed
  // twice: on a busy two-core machine that outlasts the default time.
  test.slow()
  // A server of our own on a copy of the build, so the build can be changed under it.
  const work = mkdtempSync(join(tmpdir(), 'ems-update-'))
  const staticDir = join(work, 'dist')
  cpSync(process.env.STATIC_DIR ?? resolve(import.meta.dirname, '../../dist'), staticDir, {
    recursive: true,
  })
  const env = { PORT: '4321', DATA_DIR: join(work, 'data'), STATIC_DIR: staticDir }

  let server = await spawnServer(env)
  try {
    await page.goto(`${server.url}/login`)
    await page.evaluate(() => navigator.serviceWorker.ready)
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true)
    await expect(page.getByText('A new version is available.')).toBeHidden()

    // Deploy a new release: a different service worker, served after a restart.
    await server.stop()
    appendFileSync(join(staticDir, 'sw.js'), '\n// release 2\n')
    server = await spawnServer(env)

    await page.reload()
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available.' })
    await expect(prompt).toBeVisible()
    // The page keeps working under the old version until the user agrees.
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()

    // Reloading is a new document under the new service worker.
    const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
    await prompt.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await page.waitForLoadState('load')
    await expect(prompt).toBeHidden()
    await expect
      .poll(() =>
        page
          .evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration()
            return reg?.waiting === null && navigator.serviceWorker.controller !== null
          })
          .catch(() => false),
      )
      .toBe(true)
    await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible()
  } finally {
    await server.stop()
  }
})
