import { expect, test, type Browser, type Page } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { adminHeaders, signInAs, staffUser } from './session.ts'

// What this file tries needs the app's service worker (off by default: playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/** When the page last stored a family's advances for offline reading (0: never). */
function storedFamilyAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('institute-office')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('reads').objectStore('reads').getAll()
          read.onsuccess = () => {
            const rows = read.result as { endpoint: string; fetchedAt: number }[]
            const family = rows.filter((r) => r.endpoint.includes('advances/families'))
            resolve(Math.max(0, ...family.map((r) => r.fetchedAt)))
            open.result.close()
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** An accountant of the demo institute, signed in in a context of their own. */
async function accountant(browser: Browser, baseURL: string, name: string) {
  const user = {
    username: name.toLowerCase().replace(/\s+/g, '-'),
    fullName: name,
    role: 'accountant',
    password: `${name.replace(/\s+/g, '-')}-password`,
  }
  const context = await browser.newContext()
  await staffUser(context.request, baseURL, user)
  await signInAs(context, context.request, baseURL, user.username, user.password)
  return { context, page: await context.newPage() }
}

test('an accountant pays a line from an advance, undoes it, and a transfer above the policy waits for a second accountant', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const { children } = await familyWithDues(request, baseURL!, run)
  const headers = await adminHeaders(request, baseURL!)
  // 3,000.00 paid ahead for the elder; overrides above 1,100.00 need a second user.
  const paid = await request.post(`${baseURL}/api/collection/payments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      studentId: children[0]!.id,
      allocations: [],
      toAdvance: { studentId: children[0]!.id, amountMinor: 300_000 },
      tenders: [{ method: 'cash', amountMinor: 300_000 }],
    },
  })
  expect(paid.status(), await paid.text()).toBe(201)
  const policy = await request.put(`${baseURL}/api/collection/advances/settings`, {
    headers,
    data: { autoApply: false, approvalAboveMinor: 110_000 },
  })
  expect(policy.status()).toBe(200)

  const first = await accountant(browser, baseURL!, `Accountant ${run} One`)
  const page = first.page
  await page.goto('/advance-override')
  await expect(page.getByRole('heading', { name: 'Advances', level: 1 })).toBeVisible()
  await page
    .getByTestId('advance-holders')
    .getByRole('link', { name: `Elder ${run}` })
    .click()
  const members = page.getByTestId('advance-members')
  const elder = members.getByRole('row', { name: new RegExp(`Elder ${run}`) })
  await expect(elder).toContainText('3,000.00')

  // Pay the elder's overdue tuition and its fine from the advance: 1,050.00, fine first.
  await elder.getByRole('button', { name: 'Pay lines' }).click()
  const apply = page.getByRole('dialog', { name: `Pay lines from Elder ${run}’s advance` })
  await expect(apply.getByLabel('Amount')).toHaveValue('1050.00')
  await expect(apply.getByText(/→ .*1,050\.00/)).toBeVisible()
  await apply.getByLabel('Reason').fill('Guardian asked to settle the tuition')
  await apply.getByRole('button', { name: 'Save the override' }).click()
  await expect(page.getByText('The advance was changed.')).toBeVisible()
  await expect(elder).toContainText('1,950.00')
  const movements = page.getByTestId('advance-movements')
  const use = movements.getByRole('row', { name: /Used for fees/ })
  await expect(use).toContainText(/-.{0,5}1,050\.00/)

  // Undo it: the receipt is cancelled and the advance is whole again.
  await use.getByRole('button', { name: 'Undo' }).click()
  const undo = page.getByRole('dialog', { name: `Undo an application of Elder ${run}’s advance` })
  await undo.getByLabel('Reason').fill('Paid to the wrong period')
  await undo.getByRole('button', { name: 'Save the override' }).click()
  await expect(elder).toContainText('3,000.00')
  await expect(movements.getByRole('row', { name: /Receipt cancelled/ })).toContainText('1,050.00')

  // A transfer of 1,500.00 to the younger is above the policy's 1,100.00: it waits.
  await elder.getByRole('button', { name: 'Transfer' }).click()
  const transfer = page.getByRole('dialog', {
    name: `Transfer Elder ${run}’s advance to a sibling`,
  })
  await expect(transfer.getByLabel('To')).toContainText(`Younger ${run}`)
  await transfer.getByLabel('Amount').fill('1500')
  await transfer.getByLabel('Reason').fill('The younger’s books')
  await transfer.getByRole('button', { name: 'Save the override' }).click()
  await expect(page.getByText('Sent for approval: another user must approve it.')).toBeVisible()
  const pending = page.getByTestId('pending-override').filter({ hasText: `Elder ${run}` })
  await expect(pending).toContainText('Another user must approve it.')
  await expect(pending.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(elder).toContainText('3,000.00')

  // The second accountant approves it: the advance moves.
  const second = await accountant(browser, baseURL!, `Accountant ${run} Two`)
  await second.page.goto(`/advance-override?studentId=${children[1]!.id}`)
  const theirs = second.page.getByTestId('pending-override').filter({ hasText: `Elder ${run}` })
  await expect(theirs).toContainText('1,500.00')
  const beforeApproval = await second.page.evaluate(() => Date.now())
  await theirs.getByRole('button', { name: 'Approve' }).click()
  const approve = second.page.getByRole('dialog', { name: 'Approve the override' })
  await approve.getByLabel('Note (optional)').fill('Checked with the guardian')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(second.page.getByText('Approved: the advance was changed.')).toBeVisible()
  const younger = second.page
    .getByTestId('advance-members')
    .getByRole('row', { name: new RegExp(`Younger ${run}`) })
  await expect(younger).toContainText('1,500.00')
  await expect(second.page.getByTestId('advance-overrides')).toContainText(
    `decided by Accountant ${run} Two`,
  )

  // Opened again without a network, the page shows the balances it stored.
  await second.page.evaluate(() => navigator.serviceWorker.ready)
  await expect
    .poll(() => second.page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  await expect.poll(() => storedFamilyAt(second.page)).toBeGreaterThan(beforeApproval)
  await second.context.setOffline(true)
  await second.page.reload()
  await expect(younger).toContainText('1,500.00')
  await second.context.setOffline(false)
  await first.context.close()
  await second.context.close()
})
