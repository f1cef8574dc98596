import { expect, test, type Locator } from '@playwright/test'
import { adminHeaders, signInAs, staffUser } from './session.ts'

/** Chooses an account in a select by its name (options read "GL code · name"). */
async function chooseAccount(select: Locator, name: string) {
  const value = await select
    .locator('option', { hasText: new RegExp(` · ${name}$`) })
    .getAttribute('value')
  expect(value, `an option for ${name}`).toBeTruthy()
  await select.selectOption(value!)
}

test('a cashier enters receipts one after another as money received from someone for something, then a payment', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  const cashier = {
    username: 'receipts-clerk',
    fullName: 'Rita Receipts',
    role: 'accountant',
    password: 'receipts-clerk-2026',
  }
  await staffUser(context.request, baseURL!, cashier)
  await signInAs(context, context.request, baseURL!, cashier.username, cashier.password)
  const page = await context.newPage()
  await page.goto('/vouchers')
  await page.getByRole('button', { name: 'New voucher' }).click()
  const form = page.getByRole('dialog', { name: 'New voucher' })
  const save = form.getByRole('button', { name: 'Save voucher' })

  // A receipt asks where the money went, from whom and what for; cash is offered first.
  await expect(form.getByLabel('Voucher type')).toHaveValue('receipt')
  const receivedInto = form.getByLabel('Received into')
  await expect(receivedInto.locator('option:checked')).toHaveText(/Cash in hand$/)
  await expect(form.getByLabel('Debit, line 1')).toHaveCount(0)
  // Nothing typed, nothing in red; a field left empty says so, the others wait.
  const fromWhom = form.getByLabel('From whom')
  await expect(form.getByText('Enter who paid.')).toHaveCount(0)
  await fromWhom.focus()
  await fromWhom.press('Tab')
  await expect(form.getByText('Enter who paid.')).toBeVisible()
  await expect(form.getByText('Choose what it was for.')).toHaveCount(0)
  // Saving shows every error and takes the focus to the first of them.
  await save.click()
  await expect(form.getByText('Choose what it was for.')).toBeVisible()
  await expect(form.getByText('Enter the amount.')).toBeVisible()
  await expect(fromWhom).toBeFocused()

  await fromWhom.fill('Rahim Uddin (parent)')
  await expect(form.getByText('Enter who paid.')).toHaveCount(0)
  await chooseAccount(form.getByLabel('For what, line 1'), 'Tuition fee income')
  await form.getByLabel('Amount, line 1').fill('1,200')
  await form.getByRole('button', { name: 'Add another account' }).click()
  await chooseAccount(form.getByLabel('For what, line 2'), 'Fine income')
  await form.getByLabel('Amount, line 2').fill('50.25')
  await expect(form.getByTestId('money-total')).toHaveText('BDT 1,250.25')
  await form.getByLabel('Details (optional)').fill('March tuition and a late fine')
  await save.click()
  const savedNotice = form.getByText(/^RV-\d{4}-\d{4} was saved; the form is ready/)
  await expect(savedNotice).toBeVisible()
  const first = ((await savedNotice.textContent()) ?? '').slice(0, 12)

  // The next receipt starts at once: same cash account, the name to type has the focus.
  await expect(fromWhom).toBeFocused()
  await expect(fromWhom).toHaveValue('')
  await expect(receivedInto.locator('option:checked')).toHaveText(/Cash in hand$/)
  await expect(form.getByText('Choose what it was for.')).toHaveCount(0)
  await page.keyboard.type('Karim Ali')
  await chooseAccount(form.getByLabel('For what, line 1'), 'Tuition fee income')
  await form.getByLabel('Amount, line 1').fill('800')
  await save.click()
  await expect(form.getByText(/^RV-\d{4}-\d{4} was saved/)).not.toContainText(first)

  // A payment asks where it was paid from and to whom.
  await form.getByLabel('Voucher type').selectOption('payment')
  await expect(form.getByLabel('Paid from')).toBeVisible()
  await form.getByLabel('To whom').fill('City Stationers')
  await chooseAccount(form.getByLabel('For what, line 1'), 'Gateway charges')
  await form.getByLabel('Amount, line 1').fill('300')
  await expect(form.getByTestId('money-total')).toHaveText('BDT 300.00')
  await save.click()
  await expect(form.getByText(/^PV-\d{4}-\d{4} was saved/)).toBeVisible()
  await form.getByRole('button', { name: 'Done' }).click()
  await expect(form).toHaveCount(0)
  await expect(page.getByRole('row').filter({ hasText: 'Paid to City Stationers' })).toContainText(
    'BDT 300.00',
  )
  await expect(page.getByRole('row').filter({ hasText: 'Received from Karim Ali' })).toContainText(
    'BDT 800.00',
  )

  // The first receipt: the cash debited with the total, each account credited with its amount.
  await page.getByRole('link', { name: first, exact: true }).click()
  const sheet = page.getByRole('article', { name: `Voucher ${first}` })
  await expect(sheet).toContainText('Receipt voucher')
  await expect(sheet).toContainText(
    'Received from Rahim Uddin (parent): March tuition and a late fine',
  )
  const line = (name: string) => sheet.getByRole('row').filter({ hasText: name })
  await expect(line('Cash in hand').getByRole('cell').nth(3)).toHaveText('BDT 1,250.25')
  await expect(line('Tuition fee income').getByRole('cell').nth(4)).toHaveText('BDT 1,200.00')
  await expect(line('Fine income').getByRole('cell').nth(4)).toHaveText('BDT 50.25')
  await context.close()
})

test('a receipt prints with its amount in words and is reversed by a journal voucher that names it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  const { request } = context
  const headers = await adminHeaders(request, baseURL!)
  const chart = (await (
    await request.get(`${baseURL}/api/accounting/accounts`, { headers })
  ).json()) as {
    data: { id: string; name: string }[]
  }
  const id = (name: string) => chart.data.find((a) => a.name === name)!.id
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date())
  const posted = await request.post(`${baseURL}/api/accounting/vouchers`, {
    headers,
    data: {
      type: 'receipt',
      date: today,
      narration: 'Received from Rahim Uddin (parent): March tuition and a late fine',
      lines: [
        { accountId: id('Cash in hand'), debit: 125025 },
        { accountId: id('Tuition fee income'), credit: 120000 },
        { accountId: id('Fine income'), credit: 5025 },
      ],
    },
  })
  const { id: voucherId, reference: first } = (await posted.json()) as {
    id: string
    reference: string
  }
  await signInAs(context, request, baseURL!, 'admin')
  const page = await context.newPage()
  await page.goto(`/vouchers/${voucherId}`)
  const sheet = page.getByRole('article', { name: `Voucher ${first}` })
  await expect(sheet).toContainText('Receipt voucher')
  await expect(sheet).toContainText(
    'Received from Rahim Uddin (parent): March tuition and a late fine',
  )
  await expect(sheet.getByTestId('amount-in-words')).toHaveText(
    'In words: One thousand two hundred fifty and 25/100 Bangladeshi Taka',
  )
  // On paper: the amount in words and when it was printed.
  await expect(sheet.getByText('Printed', { exact: true })).toBeHidden()
  await page.emulateMedia({ media: 'print' })
  await expect(sheet.getByTestId('amount-in-words')).toBeVisible()
  await expect(sheet.getByText('Printed', { exact: true })).toBeVisible()
  await page.emulateMedia({ media: 'screen' })

  // Reversed by a journal voucher that names the receipt.
  await page.getByRole('button', { name: 'Reverse' }).click()
  const reverse = page.getByRole('dialog', { name: `Reverse ${first}` })
  await reverse.getByLabel('Reason (optional)').fill('Entered twice')
  await expect(reverse.getByTestId('reversal-narration')).toHaveText(
    `Narration: Reversal of ${first}: Entered twice`,
  )
  await reverse.getByRole('button', { name: 'Reverse voucher' }).click()
  await expect(page.getByText(`Reverses ${first}.`)).toBeVisible()
  const reversal = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim()
  expect(reversal).toMatch(/^JV-\d{4}-\d{4}$/)
  const reversalSheet = page.getByRole('article', { name: `Voucher ${reversal}` })
  await expect(reversalSheet).toContainText('Journal voucher')
  await expect(reversalSheet).toContainText(`Reversal of ${first}: Entered twice`)
  await context.close()
})
