import { expect, test, type Page } from '@playwright/test'
import { axeFindingsInBothSkins } from './axe.ts'
import { adminPage, cashAndBank, unique } from './offline-support.ts'

/** Today in the demo institute's calendar (Asia/Dhaka): the ledger's period ends on it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date())
const vouchers = 6
/** A voucher's lines to the account (the most a voucher takes, less its one other line). */
const perVoucher = 499
const lines = vouchers * perVoucher
/** The line's amount in whole taka: 1 to 9, so the running balance changes on every line. */
const amountOf = (line: number) => (line % 9) + 1

/** Where an element's box is in the window. */
const boxOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((e) => {
    const { top, bottom } = e.getBoundingClientRect()
    return { top, bottom }
  })

/*
 * An accountant reads a year of a busy account: a few thousand lines scroll from the opening
 * balance to the last line and its closing balance under the column names, only the lines near
 * the window being on the page, and on paper every line is there.
 */
test('an accountant scrolls a ledger of thousands of lines to its closing balance and prints every line', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const run = unique()
  const { context, page } = await adminPage(browser, baseURL!)
  const { headers, bank } = await cashAndBank(context.request, baseURL!)
  const chart = (await (
    await context.request.get(`${baseURL}/api/accounting/accounts`, { headers })
  ).json()) as { data: { id: string; name: string; isLeaf: boolean }[] }
  const head = chart.data.find((a) => a.name === 'Fines' && !a.isLeaf)!
  const created = await context.request.post(`${baseURL}/api/accounting/accounts`, {
    headers,
    data: { parentId: head.id, name: `Long ledger ${run}` },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const account = ((await created.json()) as { id: string }).id
  for (let v = 0; v < vouchers; v++) {
    const debits = Array.from({ length: perVoucher }, (_, i) => {
      const line = v * perVoucher + i
      // Every tenth line has a memo under its narration: a row of two lines.
      return {
        accountId: account,
        debit: amountOf(line) * 100,
        memo: line % 10 ? '' : `Memo ${line}`,
      }
    })
    const total = debits.reduce((sum, l) => sum + l.debit, 0)
    const res = await context.request.post(`${baseURL}/api/accounting/vouchers`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        type: 'journal',
        date: today(),
        narration: `Batch ${v + 1} ${run}`,
        lines: [...debits, { accountId: bank, credit: total }],
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  const closing = Array.from({ length: lines }, (_, i) => amountOf(i)).reduce((a, b) => a + b)
  const closingText = `BDT ${closing.toLocaleString('en-US')}.00 Dr`

  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto(`/vouchers/ledger?accountId=${account}`)
  const table = page.getByRole('table')
  await expect(page.getByTestId('ledger-closing')).toHaveText(closingText, { timeout: 30_000 })
  // Every row counted (the header, the opening balance, the lines and the two totals), a window drawn.
  await expect(table).toHaveAttribute('aria-rowcount', String(lines + 4))
  const drawn = table.locator('tbody tr[aria-rowindex]')
  await expect(drawn.first()).toBeVisible()
  expect(await drawn.count()).toBeLessThan(120)
  await expect(table.getByText(/^Memo \d+$/).first()).toBeVisible()
  expect(await axeFindingsInBothSkins(page)).toEqual({})

  // Half-way down: the line at the middle of the window is drawn there, no gap in its place.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2))
  await expect
    .poll(() =>
      page.evaluate(() => {
        const row = document.elementFromPoint(640, window.innerHeight / 2)?.closest('tr')
        return Number(row?.getAttribute('aria-rowindex') ?? 0)
      }),
    )
    .toBeGreaterThan(lines / 3)
  expect(await drawn.count()).toBeLessThan(120)

  // At the end: the last line, its balance the closing one, the column names still in view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  const last = table.locator(`tr[aria-rowindex="${lines + 2}"]`)
  await expect(last).toBeInViewport()
  await expect(last.getByRole('cell').last()).toHaveText(closingText)
  await expect(last).toContainText(`Batch ${vouchers} ${run}`)
  await expect(page.getByTestId('ledger-closing')).toBeInViewport()
  await expect(table.getByRole('columnheader', { name: 'Narration' })).toBeInViewport()
  const bar = await boxOf(page, 'header.navbar-floating')
  expect(Math.abs((await boxOf(page, 'thead')).top - bar.bottom)).toBeLessThanOrEqual(1)

  // On paper every line is there; back on screen, a window again.
  await page.emulateMedia({ media: 'print' })
  await expect(drawn).toHaveCount(lines + 1)
  await expect(table.getByText('Memo 1500', { exact: true })).toBeAttached()
  await page.emulateMedia({ media: 'screen' })
  await expect.poll(() => drawn.count()).toBeLessThan(120)

  // On a phone each line stacks its cells beside their column names, lines drawn while
  // scrolling too.
  await page.setViewportSize({ width: 400, height: 720 })
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight * 0.7))
  const middle = () =>
    page.evaluate(() => {
      const row = document.elementFromPoint(200, window.innerHeight / 2)?.closest('tr')
      return Number(row?.getAttribute('aria-rowindex') ?? 0)
    })
  await expect.poll(middle).toBeGreaterThan(lines / 2)
  const shown = table.locator(`tr[aria-rowindex="${await middle()}"]`)
  await expect(shown.locator('td[data-label="Balance"]')).toBeInViewport()
  await context.close()
})
