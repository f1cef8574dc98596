import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../tests/e2e/chromium.ts'
import { budgets } from './budgets.ts'
import { lighthouseMedians } from './lighthouse.ts'
import { median } from './median.ts'
import { offlineForm } from './offline-form.ts'
import { pageScripts, type TabState } from './page-scripts.ts'
import { startServer } from './server.ts'
import { accountPagePaths, statusPagePaths } from '../src/shared/public-pages.ts'

type Verdict = (ok: boolean) => string

/** The public pages measured, by their route in the app; their verdicts are here. */
export const publicPageRoutes = [
  '/admission/$institute/$formId',
  '/admission/$institute',
  '/admission/$institute/$formId/temporaryId/$temporaryId',
  '/admission/$institute/$formId/temporaryId/$temporaryId/attachment',
  '/admission/payment/$institute/online-payment',
  '/payment/successful/$institute',
  '/payment/failed/$institute',
  '/receipt/verify/$code',
  '/student/invoice',
  '/login',
  ...accountPagePaths,
  ...statusPagePaths,
] as const

/**
 * The recovery's later steps: opened in a tab without the earlier ones they go back to
 * /forgot-password, so they are visited holding a recovery under way, as a visitor reaches them.
 * Lighthouse cannot open a page so; their module is /forgot-password's, which it measures.
 */
const recoveryUnderWay: Partial<Record<(typeof publicPageRoutes)[number], TabState>> =
  Object.fromEntries(
    ['/recover-identity', '/otp-verify', '/reset-password'].map((step) => [
      step,
      {
        'recovery-flow': JSON.stringify({
          username: 'admin',
          selectIdentity: { email: 'a***@demo-school.example', phone: '+880*******123' },
          notifyType: 'phone',
          resetToken: 'a-token-the-code-earned',
        }),
      },
    ]),
  )

const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const offlineRuns = 5

/** An application to the demo institute's first open form, sent as its page sends it. */
async function apply(url: string, formId: string): Promise<string> {
  const phone = `+880 1711 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`
  const res = await fetch(`${url}/api/admission/public/demo-school/forms/${formId}/applications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({
      fields: {
        applicantName: 'Bench Applicant',
        dateOfBirth: '2015-03-14',
        gender: 'female',
        guardianName: 'Bench Guardian',
        phone,
        email: 'bench.family@example.com',
      },
      answers: { shift: 'Morning' },
    }),
  })
  if (res.status !== 201) throw new Error(`the application was refused: ${await res.text()}`)
  return ((await res.json()) as { temporaryId: string }).temporaryId
}

/** Each page's address on a fresh demo server, by route. */
async function pageUrls(url: string): Promise<Record<(typeof publicPageRoutes)[number], string>> {
  const list = (await (await fetch(`${url}/api/admission/public/demo-school`)).json()) as {
    forms: { id: string }[]
  }
  const formId = list.forms[0]?.id
  if (!formId) throw new Error('the demo institute has no open admission form')
  const form = `${url}/admission/demo-school/${formId}`
  const temporaryId = await apply(url, formId)
  // The demo's fee is paid online: the payment page, and the pages back from the gateway.
  const { reference } = await startPayment(url, temporaryId)
  // Another application's fee paid in the sandbox: its receipt, for the verification page.
  const paid = await startPayment(url, await apply(url, formId))
  await fetch(paid.redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'pay' }),
    redirect: 'manual',
  })
  const verifyCode = await receiptOf(url, paid.reference)
  const status = (path: string) => [path, `${url}${path}`] as const
  return {
    '/admission/$institute/$formId': form,
    '/admission/$institute': `${url}/admission/demo-school`,
    '/admission/$institute/$formId/temporaryId/$temporaryId': `${form}/temporaryId/${temporaryId}`,
    '/admission/$institute/$formId/temporaryId/$temporaryId/attachment': `${form}/temporaryId/${temporaryId}/attachment`,
    '/admission/payment/$institute/online-payment': `${url}/admission/payment/demo-school/online-payment?form=${formId}&application=${temporaryId}`,
    '/payment/successful/$institute': `${url}/payment/successful/demo-school?reference=${reference}`,
    '/payment/failed/$institute': `${url}/payment/failed/demo-school?reference=${reference}`,
    '/receipt/verify/$code': `${url}/receipt/verify/${verifyCode}`,
    '/student/invoice': `${url}/student/invoice?institute=demo-school`,
    '/login': `${url}/login`,
    ...Object.fromEntries([...accountPagePaths, ...statusPagePaths].map(status)),
  } as Record<(typeof publicPageRoutes)[number], string>
}

/** Starts paying an application's fee online, as its page does. */
async function startPayment(url: string, temporaryId: string) {
  const started = await fetch(`${url}/api/payments/public/demo-school/intents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ purpose: 'admission_fee', temporaryId }),
  })
  if (started.status !== 201) throw new Error(`the payment was refused: ${await started.text()}`)
  return (await started.json()) as { reference: string; redirectUrl: string }
}

/** The verification code of the receipt a payment got, once the sandbox's notice posted it. */
async function receiptOf(url: string, reference: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const outcome = (await (
      await fetch(`${url}/api/payments/public/intents/${reference}`)
    ).json()) as {
      receipt: { verifyCode: string } | null
    }
    if (outcome.receipt) return outcome.receipt.verifyCode
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`payment ${reference} got no receipt`)
}

/** "ok", or "OVER BUDGET: " and the figures over it; marks the run failed through `verdict`. */
function verdicts(verdict: Verdict, checks: [string, boolean][]) {
  const over = checks.filter(([, ok]) => !ok).map(([what]) => what)
  return verdict(over.length === 0) + (over.length ? `: ${over.join(', ')}` : '')
}

const kb = (n: number) => n.toFixed(1)
const pageColumn = Math.max(...publicPageRoutes.map((route) => route.length)) + 2

async function scriptsTable(verdict: Verdict, dist: string, urls: Record<string, string>) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    console.log(
      '\nJavaScript (KB gzip) of each public page on a phone, first visit: before it is usable ' +
        '(its first text field takes typing, or its heading is shown; 0 when it is so with every ' +
        'script blocked), to hydrate (the scripts its HTML names and their imports, fetched after ' +
        'the first paint and run at the first touch), until the ' +
        'network is idle (service worker blocked)',
    )
    console.log(
      'page'.padEnd(pageColumn) +
        'served'.padEnd(8) +
        'usable by'.padEnd(11) +
        'no JS'.padEnd(7) +
        'before'.padStart(8) +
        'hydrate'.padStart(9) +
        'idle'.padStart(8) +
        'files'.padStart(7),
    )
    for (const route of publicPageRoutes) {
      const s = await pageScripts(browser, dist, urls[route]!, route, recoveryUnderWay[route])
      console.log(
        route.padEnd(pageColumn) +
          (s.servedAsSpa ? 'SPA' : 'server').padEnd(8) +
          (s.hasField ? 'typing' : 'heading').padEnd(11) +
          (s.usableWithoutScripts ? 'yes' : 'no').padEnd(7) +
          kb(s.beforeUsableKb).padStart(8) +
          kb(s.toHydrateKb).padStart(9) +
          kb(s.untilIdleKb).padStart(8) +
          String(s.untilIdleFiles).padStart(7) +
          '  ' +
          verdicts(verdict, [
            ['before usable', s.beforeUsableKb <= budgets.admissionFormJsGzipKb],
            ['to hydrate', s.toHydrateKb <= budgets.publicRouteJsGzipKb],
          ]),
      )
    }
    console.log(
      'budget'.padEnd(pageColumn + 26) +
        `≤ ${budgets.admissionFormJsGzipKb}`.padStart(8) +
        `≤ ${budgets.publicRouteJsGzipKb}`.padStart(9),
    )

    const offline = await offlineForm(browser, urls['/admission/$institute/$formId']!, offlineRuns)
    const shown = median(offline.runs)
    const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'never')
    console.log(
      `\nRepeat visit to the form offline (service worker), navigation start until its first ` +
        `text field is on screen: median ${ms(shown)} ms (runs ${offline.runs.map(ms).join(', ')}), ` +
        `then takes typing: ${offline.typeable ? 'yes' : 'no'}, budget ${budgets.offlineFormMs} ms  ` +
        verdicts(verdict, [
          ['time', shown <= budgets.offlineFormMs],
          ['typing', offline.typeable],
        ]),
    )
  } finally {
    await browser.close()
  }
}

function lighthouseTable(verdict: Verdict, urls: Record<string, string>) {
  console.log(
    `\nLighthouse on each public page (mobile, simulated slow 4G), median of ${lighthouseRuns} ` +
      'runs; the benchmark index is how fast this machine was meanwhile (the figures swing with it)',
  )
  console.log(
    'page'.padEnd(pageColumn) +
      'score'.padStart(6) +
      'LCP ms'.padStart(8) +
      'TBT ms'.padStart(8) +
      'CLS'.padStart(7) +
      'FCP ms'.padStart(8) +
      'bench index'.padStart(13),
  )
  for (const route of publicPageRoutes) {
    if (recoveryUnderWay[route]) {
      console.log(route.padEnd(pageColumn) + 'a later step of a recovery: see /forgot-password')
      continue
    }
    const lh = lighthouseMedians(urls[route]!, lighthouseRuns)
    if (!lh) {
      console.log(route.padEnd(pageColumn) + 'Lighthouse not installed or could not run here')
      continue
    }
    console.log(
      route.padEnd(pageColumn) +
        String(lh.score).padStart(6) +
        lh.lcpMs.toFixed(0).padStart(8) +
        lh.tbtMs.toFixed(0).padStart(8) +
        lh.cls.toFixed(3).padStart(7) +
        lh.fcpMs.toFixed(0).padStart(8) +
        lh.benchmarkIndex.toFixed(0).padStart(13) +
        (lh.runs < lighthouseRuns ? ` (${lh.runs} runs)` : '') +
        '  ' +
        verdicts(verdict, [
          ['score', lh.score >= budgets.publicPageScoreMin],
          ['LCP', lh.lcpMs <= budgets.publicPageLcpMs],
          ['TBT', lh.tbtMs <= budgets.publicPageTbtMs],
          ['CLS', lh.cls <= budgets.publicPageClsMax],
        ]),
    )
  }
  console.log(
    'budget'.padEnd(pageColumn) +
      `≥ ${budgets.publicPageScoreMin}`.padStart(6) +
      `≤ ${budgets.publicPageLcpMs}`.padStart(8) +
      `≤ ${budgets.publicPageTbtMs}`.padStart(8) +
      `≤ ${budgets.publicPageClsMax}`.padStart(7),
  )
}

/**
 * The figures for each public page on a fresh demo server: its JavaScript, the form's
 * offline repeat visit, and Lighthouse's median of `BENCH_LIGHTHOUSE_RUNS` runs.
 */
export async function publicPagesBench(verdict: Verdict, dist: string) {
  const server = await startServer(4392, 'public-pages')
  try {
    const urls = await pageUrls(server.url)
    await scriptsTable(verdict, dist, urls)
    lighthouseTable(verdict, urls)
  } finally {
    await server.stop()
  }
}
