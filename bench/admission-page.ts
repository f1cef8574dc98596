import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../tests/e2e/chromium.ts'
import { budgets } from './budgets.ts'
import { startServer } from './server.ts'

const root = resolve(import.meta.dirname, '..')

/**
 * What a phone's first visit to the demo admission form downloads: every script and style
 * sheet the page requests until the network is idle (the service worker blocked, so its
 * precache of the whole app is not counted), each gzipped at level 9 as a server would send it.
 */
async function firstVisit(pageUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const sizes = { js: 0, css: 0, files: 0 }
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      pending.push(
        response.body().then((body) => {
          sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length
          sizes.files++
        }),
      )
    })
    await page.goto(pageUrl, { waitUntil: 'networkidle' })
    await page
      .getByRole('button', { name: /submit/i })
      .first()
      .waitFor()
    await Promise.all(pending)
    return { js: sizes.js / 1024, css: sizes.css / 1024, files: sizes.files }
  } finally {
    await browser.close()
  }
}

/** Lighthouse's mobile performance run of the page, when the lighthouse package is installed. */
function lighthouse(pageUrl: string) {
  const bin = join(root, 'node_modules/.bin/lighthouse')
  if (!existsSync(bin)) return undefined
  const out = join(mkdtempSync(join(tmpdir(), 'ems-lighthouse-')), 'report.json')
  const run = spawnSync(
    bin,
    [
      pageUrl,
      '--quiet',
      '--only-categories=performance',
      '--form-factor=mobile',
      `--chrome-flags=${chromiumArgs.join(' ')}`,
      '--output=json',
      `--output-path=${out}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'ignore', timeout: 180_000 },
  )
  if (run.status !== 0 || !existsSync(out)) return undefined
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue: number }>
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: report.audits['largest-contentful-paint']!.numericValue,
  }
}

export async function admissionPageBench(verdict: (ok: boolean) => string) {
  const server = await startServer(4392, 'admission')
  try {
    const list = (await (await fetch(`${server.url}/api/admission/public/demo-school`)).json()) as {
      forms: { id: string }[]
    }
    const formId = list.forms[0]?.id
    if (!formId) throw new Error('the demo institute has no open admission form')
    const pageUrl = `${server.url}/admission/demo-school/${formId}`
    const visit = await firstVisit(pageUrl)
    console.log(
      `\nFirst visit to /admission/$institute/$formId on a phone (gzip, ${visit.files} files): ` +
        `JS ${visit.js.toFixed(1)} KB, CSS ${visit.css.toFixed(1)} KB, ` +
        `budget ${budgets.admissionFormJsGzipKb} KB JS  ${verdict(visit.js <= budgets.admissionFormJsGzipKb)}`,
    )
    const report = lighthouse(pageUrl)
    console.log(
      report
        ? `Lighthouse (mobile, simulated slow 4G) on that page: performance ${report.score}, ` +
            `LCP ${(report.lcpMs / 1000).toFixed(2)} s`
        : 'Lighthouse: not installed or could not run here',
    )
  } finally {
    await server.stop()
  }
}
