import { expect, test, type Locator, type Page } from '@playwright/test'
import { e2ePassword, signInAs, staffUser } from './session.ts'

const mainMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')

/** Chooses an account in a select by its name (options read "GL code · name"). */
async function chooseAccount(select: Locator, name: string) {
  const value = await select
    .locator('option', { hasText: new RegExp(` · ${name}$`) })
    .getAttribute('value')
  expect(value, `an option for ${name}`).toBeTruthy()
  await select.selectOption(value!)
}

/** Today in the demo institute's calendar (Asia/Dhaka), which the forms default to. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date())

/** YYYY-MM-DD `days` after (or before) a YYYY-MM-DD date. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A YYYY-MM-DD date as the app writes it out in English ("November 24, 2026"). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.parse(`${date}T00:00:00Z`),
  )

test('an accountant builds the chart, maps a bank, enters, prints and reverses a voucher, and reads the ledger and the trial balance', async ({
  browser,
  baseURL,
}) => {
  // The suite's longest single flow: it outgrows a minute when the machine is busy.
  test.slow()
  const context = await browser.newContext()
  const accountant = {
    username: 'accountant-e2e',
    fullName: 'Ada Accountant',
    role: 'accountant',
    password: 'ledger-keeper-2026',
  }
  await staffUser(context.request, baseURL!, accountant)
  await signInAs(context, context.request, baseURL!, accountant.username, accountant.password)
  const page = await context.newPage()
  // window.print opens a dialog the test cannot close: it is counted instead.
  await page.addInitScript(() => {
    const w = window as unknown as { printCalls: number }
    w.printCalls = 0
    window.print = () => {
      w.printCalls += 1
    }
  })

  // The chart: every institute starts with a school chart; two accounts are added to it.
  await page.goto('/coa')
  await expect(page.getByRole('heading', { name: 'Chart of accounts', level: 1 })).toBeVisible()
  const chart = page.getByRole('table', { name: 'Chart of accounts' })
  // The five types open on their main heads; deeper heads wait to be expanded.
  await expect(page.getByRole('button', { name: 'Collapse Assets', exact: true })).toBeVisible()
  await expect(chart.getByRole('row').filter({ hasText: 'Current assets' })).toBeVisible()
  await expect(chart.getByRole('row').filter({ hasText: 'Cash in hand' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Expand all' }).click()
  await expect(chart.getByRole('row').filter({ hasText: 'Cash in hand' })).toBeVisible()
  // Deepest level: nothing can go under it, and the page says why.
  await expect(page.getByRole('button', { name: 'Add under Cash in hand' })).toBeDisabled()

  await page.getByRole('button', { name: 'Add under Cash', exact: true }).click()
  const add = page.getByRole('dialog', { name: 'New account under Cash' })
  await add.getByRole('button', { name: 'Add account' }).click()
  await expect(add.getByText('Please enter the account name.')).toBeVisible()
  await add.getByLabel('Account name').fill('Petty cash')
  await add.getByRole('button', { name: 'Add account' }).click()
  // The next code under Cash (1010101002 on a fresh database; other specs add accounts too).
  const added = page
    .getByRole('status')
    .filter({ hasText: /Petty cash was added with GL code 10101010\d\d\./ })
  await expect(added).toBeVisible()
  const pettyCode = /GL code (\d+)/.exec((await added.textContent()) ?? '')![1]!
  const pettyCash = chart.getByRole('row').filter({ hasText: 'Petty cash' })
  await expect(pettyCash).toContainText(pettyCode)
  // Beyond "Add under" and "Rename", an account's actions wait in its menu.
  await pettyCash.getByRole('button', { name: 'More actions for Petty cash' }).click()
  await expect(pettyCash.getByRole('menuitem', { name: 'Delete Petty cash' })).toBeEnabled()
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Add under Bank accounts', exact: true }).click()
  const addBank = page.getByRole('dialog', { name: 'New account under Bank accounts' })
  await addBank.getByLabel('Account name').fill('City Bank current account')
  await addBank.getByRole('button', { name: 'Add account' }).click()
  await expect(
    chart.getByRole('row').filter({ hasText: 'City Bank current account' }),
  ).toBeVisible()
  // A head cannot be deleted while accounts sit under it.
  await page.getByRole('button', { name: 'More actions for Bank accounts' }).click()
  await expect(page.getByRole('menuitem', { name: 'Delete Bank accounts' })).toBeDisabled()
  await expect(page.getByRole('menu')).toContainText('Delete or move the accounts under it first.')
  await page.keyboard.press('Escape')

  // The list view finds the new account by name, from the address bar too.
  await page.getByRole('tab', { name: 'List' }).click()
  await page.getByRole('searchbox', { name: 'Search by name or GL code' }).fill('petty')
  await expect(page).toHaveURL(/view=list/)
  await expect(page).toHaveURL(/q=petty/)
  await expect(page.getByRole('row').filter({ hasText: pettyCode })).toContainText('Petty cash')

  // The mapping: the new bank account is where collections for "City Bank" go.
  await mainMenu(page).filter({ hasText: 'COA mapping' }).click()
  await expect(page.getByRole('heading', { name: 'COA mapping' })).toBeVisible()
  await expect(page.getByLabel('Account for Cash', { exact: true })).toHaveValue(/.+/)
  await page.getByRole('button', { name: 'Add bank account mapping' }).click()
  await page.getByRole('button', { name: 'Save Bank account', exact: true }).click()
  await expect(page.getByText('Name the bank account.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Bank account name' }).fill('City Bank')
  const cityBank = page.getByLabel('Account for Bank account City Bank', { exact: true })
  await chooseAccount(cityBank, 'City Bank current account')
  const chosen = await cityBank.inputValue()
  await page.getByRole('button', { name: 'Save Bank account City Bank' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Bank account now posts to 1010102002 City Bank current account.' }),
  ).toBeVisible()
  // Saved, the row is a mapping like the others: its name fixed, its account chosen.
  await expect(page.getByRole('textbox', { name: 'Bank account name' })).toHaveCount(0)
  await expect(cityBank).toHaveValue(chosen)
  await expect(page.getByLabel('Account for Bank account Main bank account')).toHaveValue(/.+/)

  // A journal voucher: it is not saved until it balances.
  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await page.getByRole('button', { name: 'New voucher' }).click()
  const form = page.getByRole('dialog', { name: 'New voucher' })
  await expect(form.getByLabel('Voucher type')).toHaveValue('receipt')
  await expect(form.getByLabel('Date')).toHaveValue(today())
  await form.getByLabel('Voucher type').selectOption('journal')
  const save = form.getByRole('button', { name: 'Save voucher' })
  await form.getByLabel('Narration').fill('Cash drawn from City Bank for petty expenses')
  await chooseAccount(form.getByLabel('Account, line 1'), 'Petty cash')
  await form.getByLabel('Debit, line 1').fill('1,500.50')
  await chooseAccount(form.getByLabel('Account, line 2'), 'City Bank current account')
  await form.getByLabel('Credit, line 2').fill('1500')
  await expect(form.getByTestId('total-debit')).toHaveText('BDT 1,500.50')
  await expect(form.getByTestId('total-credit')).toHaveText('BDT 1,500.00')
  await expect(form.getByRole('alert')).toHaveCount(0)
  await save.click()
  await expect(form.getByRole('alert')).toHaveText(
    'Debits and credits differ by BDT 0.50: the voucher must balance before it can be saved.',
  )
  await form.getByLabel('Credit, line 2').fill('1500.50')
  await expect(form.getByText('Difference: BDT 0.00')).toBeVisible()
  await expect(form.getByRole('alert')).toHaveCount(0)
  await save.click()
  await expect(
    page.getByRole('status').filter({ hasText: /Voucher JV-\d{4}-\d{4} was saved\./ }),
  ).toBeVisible()
  // Emptied for the next journal, its narration ready to type; Done closes it.
  await expect(form.getByText(/^JV-\d{4}-\d{4} was saved; the form is ready/)).toBeVisible()
  await expect(form.getByLabel('Narration')).toBeFocused()
  await expect(form.getByLabel('Narration')).toHaveValue('')
  await expect(form.getByLabel('Voucher type')).toHaveValue('journal')
  await form.getByRole('button', { name: 'Done' }).click()
  await expect(form).toHaveCount(0)

  // Opened from the list and printed.
  const listed = page
    .getByRole('row')
    .filter({ hasText: 'Cash drawn from City Bank for petty expenses' })
  await expect(listed).toContainText('BDT 1,500.50')
  await expect(listed).toContainText('Journal')
  const reference = ((await listed.getByRole('link').textContent()) ?? '').trim()
  expect(reference).toMatch(/^JV-\d{4}-\d{4}$/)
  await listed.getByRole('link', { name: reference }).click()
  await expect(page.getByRole('heading', { name: reference, level: 1 })).toBeVisible()
  const sheet = page.getByRole('article', { name: `Voucher ${reference}` })
  await expect(sheet).toContainText('Demo School and College')
  await expect(sheet).toContainText('Journal voucher')
  await expect(sheet).toContainText(reference)
  await expect(sheet).toContainText('Cash drawn from City Bank for petty expenses')
  await expect(sheet.getByRole('row').filter({ hasText: 'Petty cash' })).toContainText(
    'BDT 1,500.50',
  )
  await expect(sheet.getByTestId('voucher-total-debit')).toHaveText('BDT 1,500.50')
  await expect(sheet.getByTestId('voucher-total-credit')).toHaveText('BDT 1,500.50')
  await expect(sheet).toContainText('Amount: BDT 1,500.50')
  await expect(sheet).toContainText('Approved by')
  await page.getByRole('button', { name: 'Print' }).click()
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(
    1,
  )
  // On paper: the voucher without the menu and the buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(sheet).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  // Reversed: the new voucher opens and each links to the other.
  await page.getByRole('button', { name: 'Reverse' }).click()
  const reverse = page.getByRole('dialog', { name: `Reverse ${reference}` })
  await expect(reverse.getByLabel('Date of the reversal')).toHaveValue(today())
  await reverse.getByRole('button', { name: 'Reverse voucher' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`${reference} was reversed by JV-`) }),
  ).toBeVisible()
  await expect(page.getByText(`Reverses ${reference}.`)).toBeVisible()
  const reversal = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim()
  expect(reversal).toMatch(/^JV-\d{4}-\d{4}$/)
  expect(reversal).not.toBe(reference)
  const reversalSheet = page.getByRole('article', { name: `Voucher ${reversal}` })
  await expect(reversalSheet).toContainText(
    `Reversal of ${reference}: Cash drawn from City Bank for petty expenses`,
  )
  await expect(reversalSheet.getByRole('row').filter({ hasText: 'Petty cash' })).toContainText(
    'BDT 1,500.50',
  )
  await page.getByRole('link', { name: reference }).click()
  await expect(page.getByText(`Reversed by ${reversal}.`, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reverse' })).toBeDisabled()

  // The general ledger of the petty cash account: in and out again.
  await mainMenu(page).filter({ hasText: 'General ledger' }).click()
  await expect(page.getByText('Choose an account to see its ledger.')).toBeVisible()
  await chooseAccount(page.getByLabel('Account'), 'Petty cash')
  await expect(page).toHaveURL(/accountId=/)
  await expect(page.getByTestId('ledger-opening')).toHaveText('BDT 0.00')
  // Each line by its voucher's link (the reversal's narration names the original too).
  const lineOf = (ref: string) =>
    page.getByRole('row').filter({ has: page.getByRole('link', { name: ref, exact: true }) })
  await expect(lineOf(reference)).toContainText('BDT 1,500.50 Dr')
  await expect(lineOf(reversal)).toContainText('BDT 0.00')
  await expect(page.getByTestId('ledger-closing')).toHaveText('BDT 0.00')

  // The trial balance as of today balances.
  await mainMenu(page).filter({ hasText: 'Trial balance' }).click()
  await expect(page.getByRole('heading', { name: 'Trial balance' })).toBeVisible()
  await expect(page.getByTestId('trial-balance-state')).toHaveText('Balanced')
  const debit = await page.getByTestId('trial-balance-debit').textContent()
  await expect(page.getByTestId('trial-balance-credit')).toHaveText(debit ?? '')
  await context.close()
})

test('an accountant closes the books through yesterday: a voucher dated on it is refused, one dated today posts', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  const accountant = {
    username: 'closing-accountant',
    fullName: 'Clara Closer',
    role: 'accountant',
    password: 'books-closer-2026',
  }
  await staffUser(context.request, baseURL!, accountant)
  await signInAs(context, context.request, baseURL!, accountant.username, accountant.password)
  const page = await context.newPage()
  // Yesterday, so that the other tests of the run can still post today.
  const lockDate = addDays(today(), -1)

  await page.goto('/coa-config')
  await expect(page.getByText('Nothing can be posted dated on or before this day')).toBeVisible()
  const closedThrough = page.getByLabel('Books closed through')
  await expect(closedThrough).toHaveValue('')
  await closedThrough.fill(lockDate)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The chart of accounts configuration was saved.' }),
  ).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Books closed through')).toHaveValue(lockDate)

  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await page.getByRole('button', { name: 'New voucher' }).click()
  const form = page.getByRole('dialog', { name: 'New voucher' })
  await form.getByLabel('Voucher type').selectOption('journal')
  await form.getByLabel('Date').fill(lockDate)
  await form.getByLabel('Narration').fill('Late fine for the closed period')
  await chooseAccount(form.getByLabel('Account, line 1'), 'Cash in hand')
  await form.getByLabel('Debit, line 1').fill('250')
  await chooseAccount(form.getByLabel('Account, line 2'), 'Fine income')
  await form.getByLabel('Credit, line 2').fill('250')
  await form.getByRole('button', { name: 'Save voucher' }).click()
  // The server's refusal, in the user's words and with the dates written out.
  await expect(
    form.getByText(
      `The books are closed through ${longDate(lockDate)}: choose a date from ${longDate(today())} to `,
    ),
  ).toBeVisible()
  await expect(form.getByLabel('Narration')).toHaveValue('Late fine for the closed period')
  await expect(form.getByLabel('Debit, line 1')).toHaveValue('250')
  await expect(form.getByLabel('Credit, line 2')).toHaveValue('250')

  await form.getByLabel('Date').fill(today())
  await form.getByRole('button', { name: 'Save voucher' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: /Voucher JV-\d{4}-\d{4} was saved\./ }),
  ).toBeVisible()
  await form.getByRole('button', { name: 'Done' }).click()
  await expect(form).toHaveCount(0)
  await expect(
    page.getByRole('row').filter({ hasText: 'Late fine for the closed period' }),
  ).toContainText('BDT 250.00')

  // Reopened: the lock date cleared, as the institute had it.
  await mainMenu(page).filter({ hasText: 'COA configuration' }).click()
  await page.getByLabel('Books closed through').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The chart of accounts configuration was saved.' }),
  ).toBeVisible()
  await context.close()
})

test('a viewer reads the books but is offered no way to change them', async ({
  browser,
  baseURL,
  request,
}) => {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { username: 'admin', password: e2ePassword },
  })
  const { access_token } = (await login.json()) as { access_token: string }
  const headers = { Authorization: `Bearer ${access_token}` }
  const roles = (await (await request.get(`${baseURL}/api/access/roles`, { headers })).json()) as {
    data: { id: string; name: string }[]
  }
  const viewer = roles.data.find((r) => r.name === 'viewer')!
  await request.post(`${baseURL}/api/access/users`, {
    headers,
    data: {
      username: 'books-viewer',
      fullName: 'Books Viewer',
      password: 'viewer-temp-pass-1',
      roleIds: [viewer.id],
    },
  })

  const page = await (await browser.newContext()).newPage()
  await page.goto('/login')
  await page.getByLabel('Username or email').fill('books-viewer')
  await page.getByLabel('Password').fill('viewer-temp-pass-1')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByLabel('New password', { exact: true }).fill('viewer-own-pass-1')
  await page.getByLabel('Confirm the new password').fill('viewer-own-pass-1')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(mainMenu(page)).toHaveText([
    'Dashboard',
    'Chart of accounts',
    'COA mapping',
    'COA configuration',
    'Vouchers',
    'General ledger',
    'Trial balance',
    'Paid report',
    'Due report',
    'Student ledger',
    'Head-wise ledger',
    'Head-wise summaries',
  ])

  await mainMenu(page).filter({ hasText: 'Chart of accounts' }).click()
  await expect(
    page.getByText('You can look at the chart of accounts but not change it.'),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Chart of accounts' })).toContainText('Assets')
  await expect(page.getByRole('button', { name: /^Add under/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0)

  await mainMenu(page).filter({ hasText: 'COA configuration' }).click()
  await expect(page.getByText('You can look at the configuration but not change it.')).toBeVisible()
  await expect(page.getByLabel('The fiscal year starts in')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0)

  await mainMenu(page).filter({ hasText: 'COA mapping' }).click()
  await expect(page.getByRole('button', { name: 'Add bank account mapping' })).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: 'Cash in hand' })).toBeVisible()

  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await expect(page.getByRole('heading', { name: 'Vouchers' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'New voucher' })).toHaveCount(0)
})
