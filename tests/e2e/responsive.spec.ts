import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { openInApp } from './navigation.ts'
import { horizontalOverflow, overlappingText } from './overflow.ts'
import { placementOf } from './admission-data.ts'
import { makeInvoice } from './fee-data.ts'
import { paidReceipt } from './receipt-data.ts'
import { adminHeaders, signInAs } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

/**
 * Every main screen, as an office PC and a tablet show it, in every language (German has the
 * longest words, Bangla the tallest script), right to left and with the menu across the top:
 * nothing may stick out sideways, and no text may be drawn over other text. One signed-in page
 * per walk opens each screen once, in the app as a user goes from screen to screen, and checks
 * it at both widths (the window resized, the screen not reloaded). The picture of a screen that
 * does not fit is attached to the report.
 */

/** A tablet and an office PC. */
const tablet = { width: 768, height: 1024 }
const desktop = { width: 1280, height: 800 }

interface Walk {
  locale: 'de' | 'en' | 'fr' | 'pt' | 'bn'
  rtl: boolean
  layoutType: 'vertical' | 'horizontal'
  sizes: readonly (typeof tablet)[]
}

/**
 * Each walk opens every screen (a minute or two). German, the longest, twice (mirrored with
 * the top menu) and at both sizes; the other languages on the tablet, the narrower.
 */
const walks: Walk[] = [
  { locale: 'de', rtl: false, layoutType: 'vertical', sizes: [tablet, desktop] },
  { locale: 'de', rtl: true, layoutType: 'horizontal', sizes: [tablet, desktop] },
  ...(['en', 'fr', 'pt', 'bn'] as const).map(
    (locale) => ({ locale, rtl: false, layoutType: 'vertical', sizes: [tablet] }) as const,
  ),
]

interface Records {
  voucherId: string
  cashId: string
  applicantId: string
  formId: string
  studentId: string
  invoiceId: string
  verifyCode: string
}

/**
 * A voucher, and an application to a form of its own, so that lists and pages have rows. The
 * voucher's amount is as long as a school group's books get, so the ledger's and trial balance's
 * amount columns are at their widest whatever the other specs posted.
 */
async function makeRecords(request: APIRequestContext, baseURL: string): Promise<Records> {
  const headers = await adminHeaders(request, baseURL)
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

  const mapping = await request.get(`${baseURL}/api/accounting/coa-mapping`, { headers })
  const { data } = (await mapping.json()) as { data: { purpose: string; accountId: string }[] }
  const cashId = data.find((m) => m.purpose === 'cash')!.accountId
  const bankId = data.find((m) => m.purpose === 'bank')!.accountId
  const voucher = await request.post(`${baseURL}/api/accounting/vouchers`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      type: 'journal',
      date: day(0),
      narration: 'Bargeld für die Portokasse vom Hauptkonto der Bank abgehoben',
      lines: [
        { accountId: cashId, debit: 987_654_321_000 },
        { accountId: bankId, credit: 987_654_321_000 },
      ],
    },
  })
  expect(voucher.status()).toBe(201)
  const { id: voucherId } = (await voucher.json()) as { id: string }

  const form = await request.post(`${baseURL}/api/admission/forms`, {
    headers,
    data: {
      title: 'Aufnahme in die Klasse Sechs, Naturwissenschaften, Schuljahr 2027/28',
      ...(await placementOf(request, baseURL, headers, {
        className: 'Sechs',
        group: 'Naturwissenschaften',
      })),
      opensOn: day(-1),
      closesOn: day(30),
      fee: 150_000,
      requiredFields: [],
      questions: [],
      attachments: [],
      instructions: '',
    },
  })
  const { id: formId } = (await form.json()) as { id: string }
  await request.post(`${baseURL}/api/admission/forms/${formId}/publish`, { headers })
  const name = `Maximiliane Schwarzenberger-Hohenlohe ${crypto.randomUUID().slice(0, 6)}`
  const sent = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${formId}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: { fields: { applicantName: name, phone: '+880 1711 000555' } },
    },
  )
  expect(sent.ok()).toBe(true)
  const list = await request.get(
    `${baseURL}/api/admission/applicants?q=${encodeURIComponent(name)}`,
    { headers },
  )
  const applicants = (await list.json()) as { data: { id: string }[] }

  // Two brothers with German-length names: the list's rows and the profile's family.
  const place = await demoPlacement(request, baseURL, headers)
  const guardianPhone = uniquePhone()
  const brother = (fullName: string) =>
    createStudent(request, baseURL, headers, place, {
      fullName,
      guardianName: 'Friedrich-Wilhelm Schwarzenberger-Hohenlohe',
      guardianPhone,
      withoutSection: true,
    })
  await brother(`Konstantin Schwarzenberger-Hohenlohe ${crypto.randomUUID().slice(0, 6)}`)
  const student = await brother(
    `Maximilian Schwarzenberger-Hohenlohe ${crypto.randomUUID().slice(0, 6)}`,
  )
  // An invoice of his with a head name and an amount as long as they get.
  const code = `R${crypto.randomUUID().slice(0, 5).toUpperCase()}`
  const invoice = await makeInvoice(request, baseURL, headers, place, student.id, {
    name: `Abschlussprüfungsgebühr Naturwissenschaften ${code}`,
    code,
  })
  // A receipt of 9,876,543.21, for its public verification.
  const receipt = await paidReceipt(request, baseURL, crypto.randomUUID().slice(0, 5))
  return {
    voucherId,
    cashId,
    formId,
    applicantId: applicants.data[0]!.id,
    studentId: student.id,
    invoiceId: invoice.id,
    verifyCode: receipt.verifyCode,
  }
}

const staffScreens = (r: Records): Record<string, string> => ({
  dashboard: '/dashboard',
  'chart of accounts': '/coa',
  vouchers: '/vouchers',
  voucher: `/vouchers/${r.voucherId}`,
  ledger: `/vouchers/ledger?accountId=${r.cashId}`,
  'trial balance': '/vouchers/trial-balance',
  'COA mapping': '/coa-mapping',
  'COA configuration': '/coa-config',
  'academic structure': '/academic-structure',
  users: '/access-control',
  roles: '/oisacl-roles',
  'audit log': '/audits',
  'admission forms': '/admission-forms',
  applicants: '/admission-applicants',
  applicant: `/admission-applicants/${r.applicantId}`,
  institutes: '/institutes',
  'institute settings': '/institute-settings',
  campuses: '/campuses',
  'fee configuration': '/std-fee-config',
  'payment cycles': '/payment-cycle-config',
  students: '/students',
  student: `/students/${r.studentId}`,
  invoice: `/invoices/${r.invoiceId}`,
  'promote students': '/students/promote',
  'student import': '/students/import',
  VAT: '/vat-config',
  fines: '/config-fine-management',
  concessions: '/student-concessions',
  'group invoice': '/group-invoice',
  'invoice printing': '/invoice-print-settings',
  'counter collection': `/payment-collection?studentId=${r.studentId}`,
  'due report': '/due-report',
  'paid report': '/paid-report',
  analytics: '/dashboard/analytics',
  'figures at a glance': '/old-dashboard',
  'student ledger': `/student-ledger?studentId=${r.studentId}`,
  'head-wise ledger': '/head-wise-ledger',
  'head-wise summaries': '/head-wise-summaries',
})

const publicScreens = (r: Records): Record<string, string> => ({
  'sign-in': '/login',
  'admission forms of the institute': '/admission/demo-school',
  'admission form': `/admission/demo-school/${r.formId}`,
  'receipt verification': `/receipt/verify/${r.verifyCode}`,
})

/** Once the screen shown stands still: its heading, nothing loading, its fonts. */
async function settled(page: Page) {
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready)
}

/**
 * Checks the screen shown fits at the walk's sizes and draws no text over text, and attaches
 * the picture of one that does not.
 */
async function checkSizes(
  page: Page,
  testInfo: TestInfo,
  walk: Walk,
  screen: string,
  path: string,
) {
  await settled(page)
  // From the size the window has now, so that each screen needs one resize at most.
  const now = page.viewportSize()?.width
  const order = [
    ...walk.sizes.filter((size) => size.width === now),
    ...walk.sizes.filter((size) => size.width !== now),
  ]
  for (const size of order) {
    if (page.viewportSize()?.width !== size.width) {
      await page.setViewportSize(size)
      // The layout's own reaction to the width (the menu, stacked lists) renders, and the menu
      // slides to its place for the width, first.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      )
      await settled(page)
    }
    const where = `${screen} (${path}) at ${size.width} px`
    const overflow = await horizontalOverflow(page)
    const overlaps = await overlappingText(page)
    expect.soft(overflow, `${where} fits the window`).toEqual([])
    expect.soft(overlaps, `${where} draws no text over other text`).toEqual([])
    if (overflow.length > 0 || overlaps.length > 0) {
      await testInfo.attach(`${walk.locale} ${screen} ${size.width}.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      })
    }
  }
}

test.describe.configure({ mode: 'parallel' })

let records: Records

test.beforeAll(async ({ request, baseURL }) => {
  records = await makeRecords(request, baseURL!)
})

for (const walk of walks) {
  const { locale, rtl, layoutType } = walk
  const direction = rtl ? 'right to left' : 'left to right'
  const widths = walk.sizes.map((size) => size.width).join(' and ')
  test(`every main screen fits ${widths} px in ${locale}, ${direction}, ${layoutType} menu`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    // Forty screens, each checked at one or two sizes.
    test.setTimeout(300_000)
    const context = await browser.newContext({ viewport: tablet, reducedMotion: 'reduce' })
    await context.addInitScript(
      ({ locale, rtl, layoutType }) => {
        localStorage.setItem('locale', locale)
        localStorage.setItem('layout-settings', JSON.stringify({ layoutType, rtl }))
      },
      { locale, rtl, layoutType },
    )
    const page = await context.newPage()
    // The public pages (no menu) are pages of their own, each loaded.
    for (const [screen, path] of Object.entries(publicScreens(records))) {
      await page.goto(path)
      await checkSizes(page, testInfo, walk, screen, path)
    }
    await signInAs(context, context.request, baseURL!, 'admin')
    const staff = Object.entries(staffScreens(records))
    await page.goto(staff[0]![1])
    for (const [index, [screen, path]] of staff.entries()) {
      if (index > 0) await openInApp(page, path)
      await checkSizes(page, testInfo, walk, screen, path)
    }
    await context.close()
  })
}

test('a list too wide for its box stacks each row, each cell beside its column’s name', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAs(context, request, baseURL!, 'admin')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/audits')
  const table = page.locator('main table')
  await expect(page.getByRole('columnheader', { name: 'When' })).toBeVisible()
  await expect(table).not.toHaveClass(/\bis-stacked\b/)

  // A phone: seven columns cannot fit.
  await page.setViewportSize({ width: 480, height: 900 })
  await expect(table).toHaveClass(/\bis-stacked\b/)
  const cells = table.locator('tbody tr').first().locator('td')
  const label = (i: number) =>
    cells.nth(i).evaluate((td) => getComputedStyle(td, '::before').content)
  expect(await label(0)).toBe('"When"')
  expect(await label(1)).toBe('"Who"')
  // The details button's column is named for screen readers only, and stays unnamed here.
  expect(await label(6)).toBe('""')
  // The header row is still there for screen readers.
  await expect(page.getByRole('columnheader', { name: 'When' })).toHaveCount(1)
  // Measured once the narrower window's transitions are over: the closing sidebar slides out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  expect(await horizontalOverflow(page)).toEqual([])

  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(table).not.toHaveClass(/\bis-stacked\b/)
})
