import { expect, test } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import {
  adminPage,
  banner,
  controlledByServiceWorker,
  storedEndpoints,
  unique,
} from './offline-support.ts'
import { adminHeaders } from './session.ts'

test.use({ serviceWorkers: 'allow' })

/*
 * A principal reads what the counter took: the receipt of a family's payment with how the money
 * came, the day's totals by payment method, the check against the ledger, the receipt itself a
 * click away, and the same report again with no network.
 */
test('a principal finds a receipt in the paid report, groups it by method, opens it, and reads the report again offline', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = unique()
  const { children } = await familyWithDues(request, baseURL!, run)
  const headers = await adminHeaders(request, baseURL!)
  const family = (await (
    await request.get(`${baseURL}/api/collection/families/${children[0]!.id}`, { headers })
  ).json()) as {
    members: {
      studentId: string
      lines: { lineId: string; dueMinor: number; fineMinor: number }[]
    }[]
  }
  const line = family.members.find((m) => m.studentId === children[0]!.id)!.lines[0]!
  const paid = await request.post(`${baseURL}/api/collection/payments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      studentId: children[0]!.id,
      allocations: [
        { lineId: line.lineId, principalMinor: line.dueMinor, fineMinor: line.fineMinor },
      ],
      tenders: [{ method: 'cash', amountMinor: line.dueMinor + line.fineMinor }],
    },
  })
  expect(paid.status(), await paid.text()).toBe(201)
  const receipt = (await paid.json()) as { number: string }

  const { context, page } = await adminPage(browser, baseURL!)
  await page.goto(`/paid-report?q=${run}`)
  await expect(page.getByRole('heading', { name: 'Paid report', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await controlledByServiceWorker(page)
  const row = page.getByRole('row').filter({ hasText: receipt.number })
  await expect(row).toContainText(`Elder ${run}`)
  await expect(row).toContainText('Cash')
  await expect(row).toContainText('1,050.00')
  await expect(row).toContainText('Issued')
  await expect(page.getByTestId('received-total')).toContainText('1,050.00')
  await expect(page.getByTestId('ledger-agreement')).toHaveText(
    'Agrees with the ledger (receipt vouchers)',
  )

  await page.getByRole('combobox', { name: 'Group by' }).selectOption('method')
  await expect(page).toHaveURL(/groupBy=method/)
  await expect(
    page.getByTestId('paid-groups').getByRole('row', { name: /^Cash 1 / }),
  ).toContainText('1,050.00')
  await expect.poll(() => storedEndpoints(page)).toContain('reports/paid')

  // Offline, the report as read, by a reload.
  await context.setOffline(true)
  await page.reload()
  await expect(row).toContainText('1,050.00')
  await expect(banner(page)).toContainText(/Offline — shown as it was on/)
  await context.setOffline(false)

  // The receipt opens at the counter.
  await row.getByRole('link', { name: receipt.number }).click()
  await expect(page).toHaveURL(/\/payment-collection\?receiptId=/)
  await expect(page.getByText(receipt.number).first()).toBeVisible()
  await context.close()
})
