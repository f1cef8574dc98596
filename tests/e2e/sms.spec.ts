import { expect, test } from '@playwright/test'
import { smsLength } from '../../src/shared/sms/segments.ts'
import { fillTemplate, sampleValues } from '../../src/shared/sms/template.ts'
import { familyWithDues } from './collection-data.ts'
import { adminPage, unique } from './offline-support.ts'

/*
 * An officer writes a due reminder in English and Bangla: the screen counts each text as the
 * network will (GSM-7 or Unicode, and the parts), puts variables in, refuses one that does not
 * exist, and shows what a chosen student's guardian would get.
 */
test('an officer writes an English and a Bangla template, sees their parts, and previews it for a student', async ({
  browser,
  baseURL,
  request,
}) => {
  const run = unique()
  const { phone } = await familyWithDues(request, baseURL!, run)
  const { page } = await adminPage(browser, baseURL!)
  await page.goto('/sms-notification')
  await page.getByRole('button', { name: 'New template' }).click()
  await page.getByLabel('Name', { exact: true }).fill(`Dues ${run}`)
  await page.getByLabel('Used for').selectOption({ label: 'Due reminder' })

  const length = page.getByTestId('sms-length')
  const english = page.getByLabel('Text in English')
  await english.fill('Dear ')
  await page.getByRole('button', { name: 'Guardian name' }).click()
  await expect(english).toHaveValue('Dear {{guardian_name}}')
  await english.press('End')
  await english.pressSequentially(', please pay {{amount_due}} by {{due_dat}}.')
  await page.getByRole('button', { name: 'Save template' }).click()
  await expect(
    page.getByText('The text names a variable that does not exist: choose one from the list.'),
  ).toBeVisible()
  await english.fill('Dear {{guardian_name}}, please pay {{amount_due}} by {{due_date}}.')
  await expect(length).toContainText('GSM-7')
  await expect(length).toContainText(/^\d+ characters · GSM-7 · 1 SMS ·/)

  await page.getByRole('button', { name: 'বাংলা' }).click()
  const bangla =
    'প্রিয় অভিভাবক, {{student_name}} এর বকেয়া {{amount_due}}। অনুগ্রহ করে {{due_date}} এর মধ্যে পরিশোধ করুন।'
  await page.getByLabel('Text in বাংলা').fill(bangla)
  const typical = smsLength(fillTemplate(bangla, sampleValues))
  expect(typical.segments).toBe(2)
  await expect(length).toContainText(
    `${typical.characters} characters · Unicode (UCS-2) · 2 SMS parts`,
  )

  // As the elder child's guardian would get it: the name, and what is owed, in Bangla digits.
  const search = page.getByRole('combobox', { name: 'Find a student' })
  await search.fill(`Elder ${run}`)
  await search.press('Enter')
  const preview = page.getByTestId('sms-preview')
  await expect(preview).toContainText(`Elder ${run} এর বকেয়া`)
  await expect(preview).toContainText('১,০০০.০০')
  await expect(page.getByText(`would get it, at ${phone}`)).toBeVisible()

  await page.getByRole('button', { name: 'Save template' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'The template was saved.' }),
  ).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(`Dues ${run}`) })
  await expect(row).toContainText('Due reminder')
  await expect(row).toContainText('English 1 · বাংলা 2')
})

test('an officer keeps a guardian’s number off every message, however it is written', async ({
  browser,
  baseURL,
}) => {
  const { page } = await adminPage(browser, baseURL!)
  await page.goto('/sms-notification')
  const local = `0171${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  const e164 = `+880${local.slice(1)}`
  await expect(page.getByLabel('Numbers without a country code are in')).toHaveValue('BD')
  await page.getByLabel('Phone number').fill('12345')
  await page.getByLabel('Why').fill('Asked by the guardian')
  await page.getByRole('button', { name: 'Add to the list' }).click()
  await expect(
    page.getByText('This is not a phone number that can get messages', { exact: false }),
  ).toBeVisible()
  await page.getByLabel('Phone number').fill(local)
  await page.getByRole('button', { name: 'Add to the list' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: `${e164} gets no more messages.` }),
  ).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(`\\${e164}`) })
  await expect(row).toContainText('Asked by the guardian')

  // Written with its country code, it is the same number: refused, not listed twice.
  await page.getByLabel('Phone number').fill(`+880 ${local.slice(1, 5)} ${local.slice(5)}`)
  await page.getByLabel('Why').fill('Again')
  await page.getByRole('button', { name: 'Add to the list' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'already on the list' })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(`\\${e164}`) })).toHaveCount(1)

  await row.getByRole('button', { name: `Take ${e164} off the list` }).click()
  await expect(page.getByRole('row', { name: new RegExp(`\\${e164}`) })).toHaveCount(0)
})

test('an officer checks who a message would reach: pasted numbers and families owing more than an amount', async ({
  browser,
  baseURL,
  request,
}) => {
  const run = unique()
  const { phone } = await familyWithDues(request, baseURL!, run)
  const { page } = await adminPage(browser, baseURL!)
  await page.goto('/sms-notification')
  const result = page.getByTestId('sms-audience')
  const check = page.getByRole('button', { name: 'Check who would get it' })

  await page.getByLabel('Audience').selectOption({ label: 'Numbers pasted in' })
  await page.getByLabel('Numbers, one a line').fill(`${phone}\n${phone}\n12345`)
  await check.click()
  await expect(result).toContainText('1 message would go.')
  await expect(result).toContainText('1 left out: the number already gets one.')
  await expect(result).toContainText('1 number cannot get messages and is left out:')
  await expect(result.getByRole('listitem')).toHaveText(['12345'])

  // The family owes 2,000.00 of tuition, due twenty days ago. Other families may owe as much
  // (the server is shared): theirs is the one number on the opt-out list, so it is counted there.
  await page.getByLabel('Phone number').fill(phone)
  await page.getByLabel('Why').fill('Asked by the guardian')
  await page.getByRole('button', { name: 'Add to the list' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'gets no more messages.' })).toBeVisible()
  await page.getByLabel('Audience').selectOption({ label: 'Families owing more than an amount' })
  await page.getByLabel('Owing more than').fill('1500')
  await check.click()
  await expect(result).toContainText('1 opted out.')
  await page.getByLabel('Owing more than').fill('2500')
  await check.click()
  await expect(result).toContainText('0 opted out.')
  await page.getByLabel('Owing more than').fill('lots')
  await expect(page.getByText('Enter an amount, such as 1000.')).toBeVisible()
  await expect(check).toBeDisabled()
})
