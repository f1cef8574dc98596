import { expect, test, type Browser, type Page } from '@playwright/test'
import { familyWithDues } from './collection-data.ts'
import { signInAs, staffUser } from './session.ts'

/** Counts the key presses a counter flow takes (typed text: one per character; no clicks). */
function keyCounter(page: Page) {
  let count = 0
  return {
    press: async (key: string) => {
      count += 1
      await page.keyboard.press(key)
    },
    type: async (text: string) => {
      count += text.length
      await page.keyboard.type(text)
    },
    get count() {
      return count
    },
  }
}

/** A cashier at the counter, the family found by its phone (keys counted from the search). */
async function counterWithFamily(
  browser: Browser,
  request: import('@playwright/test').APIRequestContext,
  baseURL: string,
  three: boolean,
) {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const family = await familyWithDues(request, baseURL, run, { three })
  const cashier = {
    username: `keys-${run.toLowerCase()}`,
    fullName: `Cashier ${run}`,
    role: 'cashier',
    password: `keys-${run}-password`,
  }
  await staffUser(request, baseURL, cashier)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL, cashier.username, cashier.password)
  const page = await context.newPage()
  await page.goto('/payment-collection')
  // A fresh browser's first page: the app and its catalogs load before the search has the focus.
  await expect(page.getByRole('combobox', { name: 'Find a student' })).toBeFocused({
    timeout: 30_000,
  })
  const keys = keyCounter(page)
  await keys.type(family.phone.replace('+880 ', '0'))
  await expect(page.getByRole('option', { name: new RegExp(`Elder ${run}`) })).toBeVisible()
  await keys.press('Enter')
  await expect(page.getByLabel('Amount received')).toBeFocused()
  return { run, page, keys, context, ...family }
}

/*
 * The counter's two common cases, keyboard first, each key counted (search included: the
 * guardian's phone, 11 digits, and Enter). Before the till-speed work: 19 and 40 keys.
 */
test('one family, three children, all paid in cash with change: 19 keys', async ({
  browser,
  request,
  baseURL,
}) => {
  const { run, page, keys, context } = await counterWithFamily(browser, request, baseURL!, true)
  await expect(page.getByTestId('counter-line')).toHaveCount(3)
  // Each line's checkbox names its child; each child has one toggle for all their lines.
  for (const child of ['Elder', 'Younger', 'Youngest'])
    await expect(
      page.getByRole('checkbox', {
        name: new RegExp(`^Pay Tuition ${run} .* for ${child} ${run}$`),
      }),
    ).toHaveCount(1)
  const youngest = page.getByRole('checkbox', { name: `Pay all lines of Youngest ${run}` })
  await youngest.press('Space')
  await expect(page.getByTestId('selected-total')).toContainText('2,100.00')
  await expect(page.getByTestId('stays-due')).toHaveText(/^BDT\s1,050\.00 stays due$/)
  await youngest.press('Space')
  await expect(page.getByTestId('stays-due')).toHaveCount(0)
  // The payment stays in view while the lines scroll: beside the first child's lines, and
  // beside the last one's, Save with it.
  const amount = page.getByLabel('Amount received')
  await expect(amount).toBeInViewport()
  await page.getByRole('region', { name: `Youngest ${run}` }).scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(page.getByRole('region', { name: `Elder ${run}` })).not.toBeInViewport()
  await expect(amount).toBeInViewport()
  await expect(page.getByRole('button', { name: /Save and show the receipt/ })).toBeInViewport()

  await amount.focus()
  await expect(amount).toHaveValue('3150.00')
  // Method, then the cash handed over; Enter saves.
  await keys.press('Tab')
  await keys.press('Tab')
  await expect(page.getByLabel('Cash handed over')).toBeFocused()
  await keys.type('3500')
  await expect(page.getByTestId('change')).toContainText('350.00')
  await keys.press('Enter')

  // The receipt: each child's lines under their name with what they paid, the payer named, the
  // campus's address, the amount in words with its currency.
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByTestId('receipt-total')).toContainText('3,150.00')
  const children = receipt.getByTestId('receipt-child')
  await expect(children).toHaveCount(3)
  // The child looked up first, then the siblings.
  await expect(children.first()).toHaveText(new RegExp(`^Elder ${run}\\s*BDT\\s1,050\\.00$`))
  for (const child of ['Younger', 'Youngest'])
    await expect(children.filter({ hasText: new RegExp(`^${child} ${run}\\s*BDT`) })).toHaveText(
      /BDT\s1,050\.00$/,
    )
  await expect(receipt).toContainText(`Received from Guardian ${run}`)
  await expect(receipt).toContainText('House 12, Road 7, Dhanmondi, Dhaka 1205')
  await expect(receipt).toContainText(
    'In words: Three thousand one hundred fifty and 00/100 Bangladeshi Taka',
  )
  expect(keys.count).toBe(19)
  await context.close()
})

test('two children, cash and mobile money split: 25 keys', async ({
  browser,
  request,
  baseURL,
}) => {
  const { run, page, keys, context } = await counterWithFamily(browser, request, baseURL!, false)
  await expect(page.getByLabel('Amount received')).toHaveValue('2100.00')
  // Alt+M splits: the next likely method (mobile money after cash), its amount focused, the
  // institute's first provider chosen.
  await keys.press('Alt+KeyM')
  const second = page.getByTestId('tender').nth(1)
  await expect(second.getByLabel('Method')).toHaveValue('mobile')
  await expect(second.getByLabel('Amount')).toBeFocused()
  await expect(second.getByLabel('Provider')).toHaveValue('bKash')
  await expect(second.getByLabel('Provider').getByRole('option')).toHaveText([
    'bKash',
    'Nagad',
    'Rocket',
  ])
  await keys.type('1000')
  await keys.press('Tab')
  await expect(second.getByLabel('Transaction ID')).toBeFocused()
  await keys.type(`TX${run}`)
  await expect(page.getByTestId('tender').first()).toContainText('1,100.00')
  await keys.press('Enter')
  const receipt = page.getByTestId('receipt')
  await expect(receipt.getByTestId('receipt-total')).toContainText('2,100.00')
  await expect(receipt).toContainText(
    `Mobile financial service: BDT\u00a01,000.00 · TX${run} · bKash`,
  )
  await expect(receipt).toContainText(/Cash: BDT\s1,100\.00/)
  expect(keys.count).toBe(25)
  await context.close()
})
