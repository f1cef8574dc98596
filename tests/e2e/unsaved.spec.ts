import { expect, test, type Page } from '@playwright/test'
import { signInAs } from './session.ts'

const mainMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Discard your changes?' })

test.beforeEach(async ({ context, request, baseURL }) => {
  await signInAs(context, request, baseURL!, 'admin')
})

test('a half-typed voucher asks before Esc throws it away; an untouched one closes at once', async ({
  page,
}) => {
  await page.goto('/vouchers')
  await page.getByRole('button', { name: 'New voucher' }).click()
  const form = page.getByRole('dialog', { name: 'New voucher' })
  const narration = form.getByLabel('From whom')
  await narration.fill('Stationery for the office')

  // Esc asks; keeping on leaves the typed text where it was.
  await narration.press('Escape')
  await expect(question(page)).toBeVisible()
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(question(page)).toHaveCount(0)
  await expect(form).toBeVisible()
  await expect(narration).toHaveValue('Stationery for the office')

  // Asked again, the changes are discarded and the dialog goes.
  await narration.press('Escape')
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(form).toHaveCount(0)
  await expect(question(page)).toHaveCount(0)

  // Nothing typed: Esc closes without a question.
  await page.getByRole('button', { name: 'New voucher' }).click()
  await expect(form).toBeVisible()
  await form.getByLabel('From whom').focus()
  await page.keyboard.press('Escape')
  await expect(form).toHaveCount(0)
  await expect(question(page)).toHaveCount(0)

  // The close button asks too once something was typed.
  await page.getByRole('button', { name: 'New voucher' }).click()
  await form.getByLabel('Amount, line 1').fill('250')
  await form.getByRole('button', { name: 'Close' }).click()
  await expect(question(page)).toBeVisible()
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(form.getByLabel('Amount, line 1')).toHaveValue('250')

  // So does a click outside the dialog.
  await page.mouse.click(4, 4)
  await expect(question(page)).toBeVisible()
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(form).toHaveCount(0)
})

test('a changed COA mapping asks before the page is left', async ({ page }) => {
  await page.goto('/coa-mapping')
  await expect(page.getByRole('heading', { name: 'COA mapping' })).toBeVisible()
  const cash = page.getByLabel('Account for Cash', { exact: true })
  await expect(cash).toHaveValue(/.+/)
  const before = await cash.inputValue()
  const other = await cash
    .locator('option')
    .evaluateAll(
      (options, current) =>
        options.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== current),
      before,
    )
  expect(other, 'another account for cash').toBeTruthy()

  // Unchanged, the page is left without a question.
  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible()
  await expect(question(page)).toHaveCount(0)
  await mainMenu(page).filter({ hasText: 'COA mapping' }).click()
  await expect(page.getByRole('heading', { name: 'COA mapping' })).toBeVisible()

  await cash.selectOption(other!)
  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await expect(question(page)).toBeVisible()
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(question(page)).toHaveCount(0)
  await expect(page).toHaveURL(/\/coa-mapping/)
  await expect(page.getByRole('heading', { name: 'COA mapping' })).toBeVisible()
  await expect(cash).toHaveValue(other!)

  // Discarded, the navigation goes ahead and the mapping stays as it was saved.
  await mainMenu(page).filter({ hasText: 'Vouchers' }).click()
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('heading', { name: 'Vouchers', level: 1 })).toBeVisible()
  await mainMenu(page).filter({ hasText: 'COA mapping' }).click()
  await expect(cash).toHaveValue(before)
})

test('a role being edited asks before another role is opened', async ({ page }) => {
  await page.goto('/oisacl-roles')
  await page.getByRole('button', { name: 'New role' }).click()
  const roleName = page.getByLabel('Role name')
  await expect(roleName).toHaveValue('')
  await roleName.fill('Librarian')
  const accountant = page
    .getByRole('navigation', { name: 'Roles' })
    .getByRole('button', { name: /accountant/ })

  await accountant.click()
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(roleName).toHaveValue('Librarian')

  await accountant.click()
  await question(page).getByRole('button', { name: 'Discard' }).click()
  await expect(roleName).toHaveValue('accountant')

  // Saved, the role opens without a question; changed again, it asks again.
  await page.getByRole('button', { name: 'New role' }).click()
  await roleName.fill('Librarian unsaved-e2e')
  await page.getByRole('button', { name: 'Create role' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The role Librarian unsaved-e2e was saved.' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/role=/)
  await expect(question(page)).toHaveCount(0)
  await expect(roleName).toHaveValue('Librarian unsaved-e2e')
  await roleName.fill('Librarian renamed')
  await accountant.click()
  await expect(question(page)).toBeVisible()
  await question(page).getByRole('button', { name: 'Keep editing' }).click()
  await expect(roleName).toHaveValue('Librarian renamed')
})
