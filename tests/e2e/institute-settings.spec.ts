import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { signInAs } from './session.ts'
import { spawnServer } from './spawn-server.ts'

/*
 * The institute's settings and campuses, on a server of its own: renaming the demo institute
 * and moving its public address would change what the other specs, running beside this one,
 * read on the shared server.
 */
let server: Awaited<ReturnType<typeof spawnServer>>
test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await spawnServer({ PORT: String(Number(process.env.E2E_PORT ?? 4310) + 30) })
})
test.afterAll(() => server.stop())

/** A small green square with a white bar: a logo as an office would upload it. */
const logoPng = () =>
  sharp({ create: { width: 240, height: 120, channels: 3, background: '#0a5c36' } })
    .composite([
      {
        input: { create: { width: 200, height: 20, channels: 3, background: '#ffffff' } },
        top: 50,
        left: 20,
      },
    ])
    .png()
    .toBuffer()

test('a new name and logo show in the top bar; an old public link leads to the new address', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await signInAs(context, context.request, server.url, 'admin')
  await page.goto(`${server.url}/institute-settings`)
  await expect(page.getByRole('heading', { name: 'Institute settings', level: 1 })).toBeVisible()
  const brand = page.getByTestId('institute-brand')
  await expect(brand).toContainText('Demo School and College')

  await page.getByLabel('Name', { exact: true }).fill('Dhanmondi Model School')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The institute settings were saved.')).toBeVisible()
  // The top bar follows at once, without a reload.
  await expect(brand).toContainText('Dhanmondi Model School')

  // A file that is no image is refused before it is sent.
  await page.getByLabel('Choose a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 not a picture'),
  })
  await expect(page.getByRole('alert')).toHaveText('The logo must be a PNG, JPEG or WEBP image.')
  await page.getByLabel('Choose a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  })
  await expect(page.getByText('The new logo is in place.')).toBeVisible()
  const barLogo = brand.locator('img')
  // Its room is kept before it loads: width and height from the stored size (2:1).
  await expect(barLogo).toHaveAttribute('height', '32')
  await expect(barLogo).toHaveAttribute('width', '64')
  await expect
    .poll(() => barLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(240)

  // A new public address; the old link keeps working.
  await page.getByLabel('Address of the public pages').fill('dhanmondi-model')
  await expect(page.getByText('Links with the old address keep working')).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The institute settings were saved.').last()).toBeVisible()
  await expect(page.getByLabel('Address of the public pages')).toHaveValue('dhanmondi-model')

  const applicant = await context.newPage()
  const response = await applicant.goto(`${server.url}/admission/demo-school`)
  expect(response?.request().redirectedFrom()?.url()).toBe(`${server.url}/admission/demo-school`)
  await expect(applicant).toHaveURL(`${server.url}/admission/dhanmondi-model`)
  const header = applicant.locator('.admission-institute')
  await expect(header).toContainText('Dhanmondi Model School')
  await expect(header.locator('img')).toHaveAttribute('height', '48')
  await expect(applicant.getByRole('link', { name: /Apply/ }).first()).toBeVisible()
})

test('a campus is added to the institute’s two', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signInAs(context, context.request, server.url, 'admin')
  await page.goto(`${server.url}/campuses`)
  const rows = page.getByRole('row')
  await expect(rows.filter({ hasText: 'Main campus, Dhanmondi' })).toBeVisible()
  await expect(rows.filter({ hasText: 'North campus, Uttara' })).toBeVisible()

  await page.getByRole('button', { name: 'New campus' }).click()
  const dialog = page.getByRole('dialog', { name: 'New campus' })
  await dialog.getByLabel('Campus name').fill('Mirpur campus')
  // Leaving with what was typed asks first.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  const question = page.getByRole('alertdialog', { name: 'Discard your changes?' })
  await question.getByRole('button', { name: 'Keep editing' }).click()
  await dialog.getByLabel('Code').fill('uttara')
  await dialog.getByLabel('Address').fill('Section 10, Mirpur, Dhaka 1216')
  await dialog.getByRole('button', { name: 'Add campus' }).click()
  // Codes are the institute's own: this one is taken, and the form says so at the field.
  await expect(dialog.getByText('Another campus has this code.')).toBeVisible()
  await dialog.getByLabel('Code').fill('MIRPUR')
  await dialog.getByRole('button', { name: 'Add campus' }).click()
  await expect(page.getByText('The campus Mirpur campus was added.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const added = rows.filter({ hasText: 'Mirpur campus' })
  await expect(added).toContainText('MIRPUR')
  await expect(added).toContainText('Active')
  await expect(added.getByRole('button', { name: 'Edit Mirpur campus' })).toBeVisible()
})
