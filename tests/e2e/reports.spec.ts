import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

/** Today in the demo institute's calendar (Asia/Dhaka, fiscal year from July). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date())
/** The first day of the fiscal year (from July) a YYYY-MM-DD day belongs to. */
const fiscalStart = (day: string) => {
  const year = Number(day.slice(0, 4))
  return `${Number(day.slice(5, 7)) >= 7 ? year : year - 1}-07-01`
}
/** A YYYY-MM-DD day as the app writes it in English ("Jul 1, 2026" or "July 1, 2026"). */
const written = (day: string, style: 'medium' | 'long') =>
  new Intl.DateTimeFormat('en-US', { dateStyle: style, timeZone: 'UTC' }).format(
    Date.parse(`${day}T00:00:00Z`),
  )

type Account = { id: string; name: string; isLeaf: boolean; glCode: string }

/** The admin's API: the chart, and posting a voucher. */
async function adminApi(request: APIRequestContext, baseURL: string) {
  const headers = await adminHeaders(request, baseURL)
  const chart = async () =>
    (
      (await (await request.get(`${baseURL}/api/accounting/accounts`, { headers })).json()) as {
        data: Account[]
      }
    ).data
  return {
    chart,
    addAccount: async (parent: string, name: string) => {
      const head = (await chart()).find((a) => a.name === parent && !a.isLeaf)!
      const res = await request.post(`${baseURL}/api/accounting/accounts`, {
        headers,
        data: { parentId: head.id, name },
      })
      expect(res.ok()).toBe(true)
      return (await res.json()) as Account
    },
    post: async (voucher: object) => {
      const res = await request.post(`${baseURL}/api/accounting/vouchers`, {
        headers,
        data: voucher,
      })
      expect(res.ok()).toBe(true)
    },
  }
}

test('the ledger opens on the current fiscal year, and a trial balance row opens its ledger for the same period', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  const api = await adminApi(context.request, baseURL!)
  const income = await api.addAccount('Fines', 'Library fine income')
  const cash = (await api.chart()).find((a) => a.name === 'Cash in hand')!
  await api.post({
    type: 'receipt',
    date: today(),
    narration: 'Library fines collected',
    lines: [
      { accountId: cash.id, debit: 700 },
      { accountId: income.id, credit: 700 },
    ],
  })
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  // Without a period in the address, the ledger covers this fiscal year up to today.
  await page.goto('/vouchers/ledger')
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(fiscalStart(today()))
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today())

  // The trial balance as of today: the account's row opens its ledger up to that day.
  await page.goto('/vouchers/trial-balance')
  const row = page.getByRole('row').filter({ hasText: 'Library fine income' })
  await expect(row).toContainText('BDT 7.00')
  await row.getByRole('link', { name: 'Library fine income' }).click()
  await expect(page.getByRole('heading', { name: 'General ledger' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`accountId=${income.id}`))
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(fiscalStart(today()))
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today())
  await expect(page.getByTestId('ledger-closing')).toHaveText('BDT 7.00 Cr')

  // As of a day in the next fiscal year: that year's ledger, brought forward from this one.
  const nextYear = `${Number(fiscalStart(today()).slice(0, 4)) + 1}-08-15`
  await page.goto(`/vouchers/trial-balance?asOf=${nextYear}`)
  await page.getByRole('row').filter({ hasText: 'Library fine income' }).getByRole('link').click()
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(fiscalStart(nextYear))
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(nextYear)
  await expect(page.getByTestId('ledger-opening')).toHaveText('BDT 7.00 Cr')
  await expect(page.getByTestId('ledger-closing')).toHaveText('BDT 7.00 Cr')
  await context.close()
})

test('printed reports carry the institute, their filters and the time of printing; lists print without filters and buttons', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()
  const header = page.getByTestId('print-header')
  const printedAt = /Printed[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/

  // The voucher list: on screen the filters, on paper the list under its header.
  await page.goto('/vouchers?type=receipt')
  await expect(page.getByRole('searchbox', { name: 'Search vouchers' })).toBeVisible()
  await expect(header).toBeHidden()
  await page.emulateMedia({ media: 'print' })
  await expect(header).toBeVisible()
  await expect(header).toContainText('Demo School and College')
  await expect(header).toContainText('TypeReceipt')
  await expect(header).toContainText('PeriodAll dates')
  await expect(header).toContainText(printedAt)
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search vouchers' })).toBeHidden()
  await expect(page.getByLabel('Type')).toBeHidden()
  await expect(page.getByRole('button', { name: 'New voucher' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()

  // The ledger: its account and period on paper, not its inputs.
  await page.emulateMedia({ media: 'screen' })
  const api = await adminApi(context.request, baseURL!)
  const cash = (await api.chart()).find((a) => a.name === 'Cash in hand')!
  await page.goto(`/vouchers/ledger?accountId=${cash.id}`)
  await expect(page.getByTestId('ledger-closing')).toBeVisible()
  // Exported to Excel, the ledger ends with the balance the screen shows, as a number. Its file
  // has more rows than this suite's server downloads at once (REPORT_EXPORT_DIRECT_MAX_ROWS),
  // so a job makes it and the export panel saves it.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Excel' }).click()
  const exporting = page.getByRole('region', { name: 'Exporting the general ledger' })
  await expect(exporting.getByRole('status')).toContainText('Finished')
  const bytes = await readFile((await (await download).path())!)
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(
      `^ledger-${cash.glCode}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`,
    ),
  )
  await exporting.getByRole('button', { name: 'Dismiss' }).click()
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const closingRow = book.worksheets[0]!.getRow(book.worksheets[0]!.rowCount).values as unknown[]
  expect(closingRow[3]).toBe('Closing balance')
  const closing = Math.abs(closingRow[7] as number)
  await expect(page.getByTestId('ledger-closing')).toContainText(
    closing.toLocaleString('en', { minimumFractionDigits: 2 }),
  )
  await page.emulateMedia({ media: 'print' })
  await expect(header).toContainText(`Account${cash.glCode} · Cash in hand`)
  await expect(header).toContainText(
    `Period${written(fiscalStart(today()), 'medium')} to ${written(today(), 'medium')}`,
  )
  await expect(header).toContainText(printedAt)
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByLabel('From', { exact: true })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()

  // The trial balance: as of which day.
  await page.emulateMedia({ media: 'screen' })
  await page.goto('/vouchers/trial-balance')
  await expect(page.getByTestId('trial-balance-state')).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(header).toContainText(`As of${written(today(), 'long')}`)
  await expect(header).toContainText(printedAt)
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByLabel('As of')).toBeHidden()
  await context.close()
})
