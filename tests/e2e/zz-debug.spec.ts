import { test } from '@playwright/test'
import { publishForm } from './admission-data.ts'
test.use({ locale: 'de-DE' })
test('debug', async ({ page, request, baseURL }) => {
  const { form } = await publishForm(request, baseURL!, { title: `Dbg ${crypto.randomUUID().slice(0, 6)}` })
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text().slice(0, 300)))
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message.slice(0, 300)))
  let release = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route('**/assets/shell-*.js', async (route) => { await held; await route.continue() })
  await page.goto(`/admission/demo-school/${form.id}`, { waitUntil: 'commit' })
  await page.getByLabel('Vollständiger Name des Bewerbers').fill('Amina Rahman')
  release()
  await page.waitForTimeout(5000)
  console.log('TEXT', (await page.locator('main').innerText()).replace(/\n+/g,' | ').slice(-600))
  await page.getByLabel('Telefonnummer').fill('+880 1711 000999')
  await page.waitForTimeout(2000)
  console.log('TEXT2', (await page.locator('main').innerText()).replace(/\n+/g,' | ').slice(-300))
  await page.reload()
  await page.waitForTimeout(3000)
  console.log('TEXT3', (await page.locator('body').innerText()).replace(/\n+/g,' | ').slice(0, 400))
})
