import { expect, test, type Locator, type Page } from '@playwright/test'
import { signInAs } from './session.ts'

/** A select's option whose text contains `text`: account options read "4010101001 Tuition fee income". */
async function chooseContaining(select: Locator, text: string) {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value')
  await select.selectOption(value!)
}

/** Pastes text into a cell as a spreadsheet's copy would arrive: a paste event with the text. */
const paste = (cell: Locator, text: string) =>
  cell.evaluate((el, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)

async function addHead(page: Page, name: string, code: string, kind: string, account: string) {
  await page.getByRole('button', { name: 'New fee head' }).click()
  const dialog = page.getByRole('dialog', { name: 'New fee head' })
  await dialog.getByLabel('Name', { exact: true }).fill(name)
  await dialog.getByLabel('Code', { exact: true }).fill(code)
  await dialog.getByLabel('Charged', { exact: true }).selectOption({ label: kind })
  await chooseContaining(dialog.getByLabel('Income account'), account)
  await dialog.getByRole('button', { name: 'Add fee head' }).click()
  await expect(dialog).toBeHidden()
  const heads = page.getByRole('region', { name: 'Fee heads' })
  await expect(heads.getByRole('row').filter({ hasText: name })).toBeVisible()
}

test('the office sets up two fee heads and a monthly cycle, fills the grid by typing and pasting, and finds the amounts after a reload', async ({
  browser,
  baseURL,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 6).toUpperCase()
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/std-fee-config')
  await expect(page.getByRole('heading', { name: 'Fee configuration', level: 1 })).toBeVisible()
  const tuition = `Tuition ${run}`
  const exam = `Exam ${run}`
  // A head without a name is refused by what it lacks; contra-income accounts are not offered.
  await page.getByRole('button', { name: 'New fee head' }).click()
  const blank = page.getByRole('dialog', { name: 'New fee head' })
  await blank.getByRole('button', { name: 'Add fee head' }).click()
  await expect(blank.getByText('Enter the fee head’s name.')).toBeVisible()
  const accounts = blank.getByLabel('Income account').locator('option')
  await expect(accounts.filter({ hasText: 'Tuition fee income' })).toHaveCount(1)
  await expect(accounts.filter({ hasText: 'contra-income' })).toHaveCount(0)
  await blank.getByRole('button', { name: 'Cancel' }).click()
  await addHead(page, tuition, `T${run}`, 'Recurring, per payment period', 'Tuition fee income')
  await addHead(page, exam, `E${run}`, 'Per event', 'Exam fee income')

  // A monthly cycle of the current session: twelve periods, each issued and due.
  await page.goto('/payment-cycle-config')
  await expect(page.getByRole('heading', { name: 'Payment cycles', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'New payment cycle' }).click()
  const cycleDialog = page.getByRole('dialog', { name: /New payment cycle/ })
  await cycleDialog.getByLabel('Name', { exact: true }).fill(`Monthly ${run}`)
  await cycleDialog.getByLabel('Frequency').selectOption({ label: 'Monthly' })
  await cycleDialog.getByRole('button', { name: 'Add cycle' }).click()
  const cycle = page.getByRole('region', { name: new RegExp(`Monthly ${run}`) })
  await expect(cycle.getByRole('row')).toHaveCount(13)

  // The grid, for that cycle: typed amounts (arrows and Enter move between cells) …
  await page.goto('/std-fee-config')
  await page
    .getByRole('combobox', { name: 'Payment cycle', exact: true })
    .selectOption({ label: `Monthly ${run}` })
  const cell = (head: string, className: string) =>
    page.getByRole('textbox', { name: `${head} for ${className}`, exact: true })
  await cell(tuition, 'One').fill('1,500.5')
  await page.keyboard.press('ArrowDown')
  await expect(cell(tuition, 'Two')).toBeFocused()
  await page.keyboard.type('1750')
  await page.keyboard.press('Enter')
  await expect(cell(tuition, 'Three')).toBeFocused()
  // … and a column pasted from a spreadsheet.
  await paste(cell(exam, 'One'), '300\r\n325.75\r\n')
  await expect(cell(exam, 'Two')).toHaveValue('325.75')
  // Not an amount: marked, and nothing can be saved until it is put right.
  await cell(exam, 'Three').fill('12.345')
  await expect(cell(exam, 'Three')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('button', { name: '1 cell is not an amount' })).toBeDisabled()
  await cell(exam, 'Three').fill('')
  await page.getByRole('button', { name: 'Save 4 changes' }).click()
  await expect(page.getByText('4 amounts were saved.')).toBeVisible()

  await page.reload()
  await expect(cell(tuition, 'One')).toHaveValue('1500.50')
  await expect(cell(tuition, 'Two')).toHaveValue('1750.00')
  await expect(cell(exam, 'One')).toHaveValue('300.00')
  await expect(cell(exam, 'Two')).toHaveValue('325.75')
  await expect(cell(exam, 'Three')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'No changes to save' })).toBeDisabled()
  // Text where an amount goes: the grid says which cell and what is wrong, not "no changes".
  await cell(exam, 'Three').fill('abc')
  await expect(page.getByRole('alert')).toContainText(
    new RegExp(`“abc” in ${exam} for Three is not an amount in [A-Z]{3}\\.`),
  )
  await expect(page.getByRole('button', { name: '1 cell is not an amount' })).toBeDisabled()
  await cell(exam, 'Three').fill('')

  // VAT is set in one place, the VAT page, from the fiscal year's start (not today), and the
  // fee-head list says the same.
  await page.goto('/vat-config')
  const form = page.getByRole('form', { name: 'New rate' })
  await form.getByLabel('Fee head').selectOption({ label: `${tuition} (T${run})` })
  await form.getByLabel('Rate (%)').fill('5')
  await expect(form.getByLabel('In force from')).toHaveValue(/^\d{4}-07-01$/)
  await form.getByRole('button', { name: 'Save rate' }).click()
  await expect(page.getByText('The VAT rate was saved.')).toBeVisible()
  await page.goto('/std-fee-config')
  await expect(
    page.getByRole('region', { name: 'Fee heads' }).getByRole('row').filter({ hasText: tuition }),
  ).toContainText('5 % (added to the amount)')
  await context.close()
})
