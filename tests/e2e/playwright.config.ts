import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './chromium.ts'

const root = resolve(import.meta.dirname, '../..')
const port = Number(process.env.E2E_PORT ?? 4310)
// One fresh database for the run; the variable carries it to the workers.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ems-e2e-'))

export default defineConfig({
  testDir: '.',
  outputDir: join(root, 'test-results'),
  // Two workers share two cores with the server and two browsers: the long flows need the room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  forbidOnly: true,
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    // A new browser's service worker precaches the whole app (350 files) at its first page,
    // beside the page's own loading: the specs that try offline work, installing and updating
    // allow it (test.use); the others meet the app as a first visit does, without one.
    serviceWorkers: 'block',
    locale: 'en-US',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    // Recording a trace (a snapshot of the page at every step) took 40 % of the run's time, for
    // files a fresh clone's run throws away: asked for when a failure is looked into
    // (`--trace retain-on-failure`).
    trace: 'off',
  },
  // The invoice print settings are the demo institute's, which receipts print with too (their
  // language and paper): the suite that changes them runs once the others are done. (Run it
  // alone with --no-deps.)
  projects: [
    { name: 'flows', testIgnore: /invoice-print\.spec\.ts/ },
    { name: 'print settings', testMatch: /invoice-print\.spec\.ts/, dependencies: ['flows'] },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // A machine busy with other work takes a minute or more to start it.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD: 'e2e-admin-password',
      // Sign-ins at a low hash cost keep the flows quick; the production cost is unit-tested.
      PASSWORD_HASH_COST: '12',
      LOG_LEVEL: 'warn',
      // Guardians reach it at another address than the office's localhost: receipts' QR codes
      // must name that one (receipt-verify.spec.ts).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A due or paid report of more than two rows exports through a job
      // (report-export-job.spec.ts); the other specs' report files have two rows at most.
      REPORT_EXPORT_DIRECT_MAX_ROWS: '2',
      // A build elsewhere than ./dist, so that runs of single specs can use their own.
      ...(process.env.STATIC_DIR && { STATIC_DIR: process.env.STATIC_DIR }),
    },
  },
})
