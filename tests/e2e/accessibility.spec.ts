import { expect, test, type Browser } from '@playwright/test'
import { admissionData, staffData, studentData, unique, voucherData } from './accessibility-data.ts'
import { axeFindingsInBothSkins } from './axe.ts'
import { openInApp } from './navigation.ts'
import { paidReceipt } from './receipt-data.ts'
import { signInAs } from './session.ts'

/*
 * Every main screen, as a user meets it with rows, badges, tags and a red validation error on
 * it, in the light and the dark skin: axe finds nothing serious or critical (WCAG AA contrast,
 * names, labels, landmarks).
 */

/**
 * A browser page, and its findings per screen and skin, gathered by `check`: axe reads each
 * screen in the light skin and again in the dark one.
 */
async function inBothSkins(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  const findings: Record<string, string[]> = {}
  const check = async (screen: string) => {
    for (const [skin, found] of Object.entries(await axeFindingsInBothSkins(page))) {
      findings[`${screen} (${skin})`] = found
    }
  }
  const heading = (name: string | RegExp) =>
    expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return { context, page, findings, check, heading }
}

test.describe('in the light and the dark skin, axe finds nothing serious or critical', () => {
  // One page walks every screen and axe reads each twice, a few seconds apiece on a busy machine.
  test.describe.configure({ mode: 'parallel', timeout: 900_000 })

  test('on the sign-in, recovery and applicant screens', async ({ browser, baseURL }) => {
    const run = unique()
    const { context, page, findings, check, heading } = await inBothSkins(browser)
    const data = await admissionData(context.request, baseURL!, run)
    const receipt = await paidReceipt(context.request, baseURL!, run)

    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Please enter your password.')).toBeVisible()
    await check('login')
    await page.goto('/forgot-password')
    await heading('Forgot your password?')
    await check('forgot-password')
    await page.goto('/admission/demo-school')
    await expect(page.getByRole('link', { name: new RegExp(run) }).first()).toBeVisible()
    await check('admission institute')
    await page.goto(`/admission/demo-school/${data.feeForm}`)
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page.getByText('Please answer this question.')).toBeVisible()
    await check('admission form')
    const tracking = `/admission/demo-school/${data.feeForm}/temporaryId/${data.feeDue.temporaryId}`
    await page.goto(tracking)
    await expect(page.getByText('Fee due').first()).toBeVisible()
    await check('application tracking')
    await page.getByRole('link', { name: 'Pay online' }).click()
    await expect(page.getByTestId('online-payment-total')).toBeVisible()
    await check('online payment')
    await page.goto('/payment/failed/demo-school?reference=OPAAAAAAAAAAAAAAAA')
    await expect(page.getByTestId('payment-outcome-status')).toContainText('no payment with this')
    await check('payment outcome')
    await page.goto('/student/invoice?institute=demo-school')
    await page.getByRole('button', { name: 'Show the invoices' }).click()
    await expect(page.getByText('Type the student ID.')).toBeVisible()
    await check('student invoice')
    await page.goto(`${tracking}/attachment`)
    await expect(page.getByLabel('Photo of the applicant')).toBeVisible()
    await check('attachment')
    await page.goto(`/receipt/verify/${receipt.verifyCode}`)
    await expect(page.getByTestId('receipt-verify-status')).toHaveText('Valid')
    await check('receipt verification')
    await page.goto('/receipt/verify/ABCDEFGHJK')
    await expect(page.getByTestId('receipt-not-found')).toBeVisible()
    await check('receipt not found')

    expect(findings).toEqual({})
    await context.close()
  })

  test('on the staff screens, with rows, badges, tags and dialogs', async ({
    browser,
    baseURL,
  }) => {
    const run = unique()
    const { context, page, findings, check, heading } = await inBothSkins(browser)
    const data = await admissionData(context.request, baseURL!, run)
    const { cash, reversedId } = await voucherData(context.request, baseURL!, run)
    await staffData(context.request, baseURL!, run)
    const students = await studentData(context.request, baseURL!, run)
    // The admin sees every staff screen.
    await signInAs(context, context.request, baseURL!, 'admin')

    // A new browser's first staff page loads the app's code cold beside the suite's other
    // browsers: on two busy cores it has shown after more than 10 s.
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { name: /Welcome/, level: 1 })).toBeVisible({
      timeout: 30_000,
    })
    await check('dashboard')
    await openInApp(page, '/coa')
    await page.getByRole('button', { name: 'Expand all' }).click()
    await expect(
      page.getByRole('table', { name: 'Chart of accounts' }).getByRole('row', {
        name: new RegExp(`Old float ${run}`),
      }),
    ).toHaveClass(/inactive/)
    await check('chart of accounts')
    // Found by its run: other specs post vouchers meanwhile, which would page it out of view.
    await openInApp(page, `/vouchers?q=${run}`)
    await expect(
      page.getByRole('row').filter({ hasText: `Cash drawn for the fair ${run}` }),
    ).toContainText('Reversed')
    await check('vouchers')
    await page.getByRole('button', { name: 'New voucher' }).click()
    const voucherForm = page.getByRole('dialog', { name: 'New voucher' })
    // A receipt first (the form opens on one), then a journal's grid, unbalanced.
    await expect(voucherForm.getByLabel('Voucher type')).toHaveValue('receipt')
    await check('new receipt dialog')
    await voucherForm.getByLabel('Voucher type').selectOption('journal')
    await voucherForm.getByLabel('Debit, line 1').fill('10')
    // Errors show once the form is sent: red text on screen for axe to measure.
    await voucherForm.getByRole('button', { name: 'Save voucher' }).click()
    await expect(voucherForm.getByText(/Debits and credits differ/)).toBeVisible()
    await check('new voucher dialog')
    await page.goto(`/vouchers/${reversedId}`)
    await expect(page.getByText(/Reversed by/)).toBeVisible()
    await check('voucher')
    await openInApp(page, `/vouchers/ledger?accountId=${cash}`)
    await expect(page.getByText(`Fees received ${run}`)).toBeVisible()
    await check('ledger')
    await openInApp(page, '/vouchers/trial-balance')
    await expect(page.getByTestId('trial-balance-state')).toBeVisible()
    await check('trial balance')
    await openInApp(page, '/coa-mapping')
    await heading('COA mapping')
    await expect(page.getByLabel('Account for Cash', { exact: true })).toHaveValue(/.+/)
    await check('COA mapping')
    await openInApp(page, '/coa-config')
    await heading('COA configuration')
    await check('COA configuration')
    await openInApp(page, '/vat-config')
    await heading('VAT')
    await check('VAT')
    await openInApp(page, '/fintech')
    await heading('Online payments')
    await check('online payments')
    await openInApp(page, '/franchise-revenue')
    await heading('Franchise revenue')
    await check('franchise revenue')
    await openInApp(page, '/fintech-merchant')
    await heading('Merchant accounts')
    await page.getByRole('button', { name: 'New merchant' }).click()
    await page.getByRole('button', { name: 'Save merchant' }).click()
    await expect(page.getByText('Give the store password or secret key')).toBeVisible()
    await check('merchant accounts')
    await openInApp(page, '/fintech-institute-service')
    await heading('Services offered online')
    await check('services offered online')
    await openInApp(page, '/institute-campus-merchant-service')
    await heading('Campus merchants')
    await check('campus merchants')
    await openInApp(page, '/config-fine-management')
    await heading('Fines')
    await check('fines')
    await openInApp(page, '/student-concessions')
    await heading('Concessions')
    await check('concessions')
    await openInApp(page, '/group-invoice')
    await heading('Group invoice')
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await expect(page.getByText('Choose at least one fee head.')).toBeVisible()
    await check('group invoice')
    await openInApp(page, `/payment-collection?studentId=${students.youngerId}`)
    await heading('Counter collection')
    await expect(page.getByTestId('selected-total')).toBeVisible()
    await check('counter collection')
    await openInApp(page, '/payment-collection/day')
    await heading(/^Day of /)
    await expect(page.getByTestId('expected-cash')).toBeVisible()
    await check('cashier’s day')
    await openInApp(page, `/advance-override?studentId=${students.youngerId}`)
    await heading('Advances')
    await expect(page.getByTestId('advance-members')).toBeVisible()
    await check('advances')
    await openInApp(page, `/due-report?q=${encodeURIComponent(`Younger ${run}`)}`)
    await heading('Due report')
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Younger ${run}` })
        .first(),
    ).toBeVisible()
    await check('due report')
    await openInApp(page, `/student-ledger?studentId=${students.youngerId}`)
    await heading('Student ledger')
    await expect(page.getByTestId('ledger-closing')).toBeVisible()
    await check('student ledger')
    await openInApp(page, '/paid-report?groupBy=method')
    await heading('Paid report')
    await expect(page.getByTestId('paid-groups')).toBeVisible()
    await check('paid report')
    await openInApp(page, '/dashboard/analytics')
    await heading('Analytics')
    await expect(page.getByTestId('tile-trend').locator('canvas')).toBeVisible()
    await check('analytics')
    await page.getByTestId('tile-trend').getByRole('button', { name: 'Table view' }).click()
    await expect(page.getByTestId('tile-trend').getByRole('table')).toBeVisible()
    await check('analytics, a chart as its table')
    await openInApp(page, '/old-dashboard')
    await heading('Figures at a glance')
    await expect(page.getByTestId('tile-methods')).toBeVisible()
    await check('figures at a glance')
    await openInApp(page, '/head-wise-ledger')
    await heading('Head-wise ledger')
    await expect(page.getByTestId('head-ledger-totals')).toBeVisible()
    await check('head-wise ledger')
    await openInApp(page, '/head-wise-summaries?by=month&measure=collected')
    await heading('Head-wise summaries')
    await expect(page.getByTestId('head-summaries-totals')).toBeVisible()
    await check('head-wise summaries')
    await openInApp(page, '/invoice-print-settings')
    await heading('Invoice printing')
    await expect(page.getByTestId('invoice-sheet')).toBeVisible()
    await check('invoice printing')
    await openInApp(page, '/academic-structure')
    await heading('Academic structure')
    await expect(
      page.getByRole('table', { name: 'Classes' }).getByLabel('Name Nursery'),
    ).toBeVisible()
    await check('academic structure')
    await openInApp(page, `/access-control?q=${run}`)
    await heading('Users')
    await expect(page.getByRole('row').filter({ hasText: `Leaver ${run}` })).toContainText(
      'Inactive',
    )
    await check('users')
    await openInApp(page, '/oisacl-roles')
    await heading('Roles and permissions')
    await check('roles')
    await openInApp(page, '/audits')
    await heading('Audit log')
    // The latest change opened: its before and after side by side.
    await page.getByRole('button', { name: 'Changes' }).first().click()
    await expect(page.getByRole('button', { name: 'Hide' })).toBeVisible()
    await check('audits')
    await openInApp(page, `/admission-forms?q=${run}`)
    await expect(page.getByRole('row').filter({ hasText: run }).first()).toBeVisible()
    await check('admission forms')
    await page.getByRole('button', { name: 'New form' }).click()
    const formDialog = page.getByRole('dialog')
    await formDialog.getByRole('button', { name: 'Create form' }).click()
    await expect(formDialog.getByRole('textbox', { name: 'Title' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await check('admission form dialog')
    await openInApp(page, `/admission-applicants?q=${run}`)
    await expect(page.getByRole('row').filter({ hasText: `Enrolled ${run}` })).toBeVisible()
    await check('applicants')
    await openInApp(page, `/admission-applicants/${data.accepted.id}`)
    await heading(`Accepted ${run}`)
    await check('applicant')
    await openInApp(
      page,
      `/students?academicSessionId=${students.sessionId}&q=${encodeURIComponent(students.guardianPhone)}`,
    )
    await expect(page.getByRole('row').filter({ hasText: `Elder ${run}` })).toContainText('Left')
    await check('students')
    await page.getByRole('button', { name: 'New student' }).click()
    const studentDialog = page.getByRole('dialog', { name: 'New student' })
    await studentDialog.getByRole('button', { name: 'Add student' }).click()
    await expect(studentDialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
    await check('new student dialog')
    await openInApp(page, `/students/${students.youngerId}`)
    await heading(`Younger ${run}`)
    await expect(page.getByRole('link', { name: `Elder ${run}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Invoices' })).toContainText('Unpaid')
    await check('student')
    await page.getByRole('button', { name: 'New invoice' }).click()
    const invoiceDialog = page.getByRole('dialog', { name: 'New invoice' })
    await invoiceDialog.getByRole('button', { name: 'Make the invoice' }).click()
    await expect(invoiceDialog.getByText('Choose at least one fee head.')).toBeVisible()
    await check('new invoice dialog')
    await page.keyboard.press('Escape')
    await openInApp(page, `/invoices/${students.invoiceId}`)
    await heading(/^Invoice /)
    await check('invoice')
    await page.getByRole('button', { name: 'Cancel invoice' }).click()
    const cancelDialog = page.getByRole('dialog', { name: /^Cancel invoice/ })
    await cancelDialog.getByRole('button', { name: 'Cancel the invoice' }).click()
    await expect(cancelDialog.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true')
    await check('cancel invoice dialog')
    await page.keyboard.press('Escape')
    await openInApp(page, '/institute-settings')
    await heading('Institute settings')
    // A slip, as the form shows it under its field.
    await page.getByLabel('Address of the public pages').fill('No Spaces Here')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByLabel('Address of the public pages')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await check('institute settings')
    await page.getByRole('button', { name: 'Undo changes' }).click()
    await openInApp(page, '/campuses')
    await heading('Campuses')
    await expect(page.getByRole('row').filter({ hasText: 'MAIN' })).toBeVisible()
    await check('campuses')
    await page.getByRole('button', { name: 'New campus' }).click()
    const campusDialog = page.getByRole('dialog', { name: 'New campus' })
    await campusDialog.getByRole('button', { name: 'Add campus' }).click()
    await expect(campusDialog.getByLabel('Campus name')).toHaveAttribute('aria-invalid', 'true')
    await check('campus dialog')
    await page.keyboard.press('Escape')
    await openInApp(page, '/std-fee-config')
    await heading('Fee configuration')
    await check('fee configuration')
    await page.getByRole('button', { name: 'New fee head' }).click()
    const headDialog = page.getByRole('dialog', { name: 'New fee head' })
    await headDialog.getByRole('button', { name: 'Add fee head' }).click()
    await expect(headDialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
    await check('fee head dialog')
    await page.keyboard.press('Escape')
    await openInApp(page, '/payment-cycle-config')
    await heading('Payment cycles')
    await expect(page.getByRole('region', { name: new RegExp(`Cycle ${run}`) })).toBeVisible()
    await check('payment cycles')
    await openInApp(page, '/students/promote')
    await heading('Promote students')
    await expect(page.getByRole('button', { name: /^Promote \d+ students?$/ })).toBeVisible()
    await check('promote students')
    await openInApp(page, '/students/import')
    await heading('Import students')
    await check('student import')
    // A preview with its mistakes in red, row by row.
    await page.locator('input[type=file]').setInputFiles({
      name: 'students.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Full name,Guardian phone,Class\nPupil ${run},abc,Nowhere\n`),
    })
    await expect(page.getByTestId('import-has-errors')).toBeVisible()
    await check('student import preview')
    await openInApp(page, '/institutes')
    await expect(page.getByRole('row').filter({ hasText: 'demo-school' })).toContainText('Active')
    await check('institutes')
    await page.getByRole('button', { name: 'New institute' }).click()
    const instituteDialog = page.getByRole('dialog', { name: 'New institute' })
    await instituteDialog.getByRole('button', { name: 'Create institute' }).click()
    await expect(
      instituteDialog.getByRole('textbox', { name: 'Name', exact: true }),
    ).toHaveAttribute('aria-invalid', 'true')
    await check('new institute dialog')
    await openInApp(page, '/saved-offline')
    await expect(page.getByTestId('saved-read').first()).toBeVisible()
    await check('saved offline')

    expect(findings).toEqual({})
    await context.close()
  })
})
