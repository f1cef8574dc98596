import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { chromiumArgs, chromiumPath } from '/work/main/tests/e2e/chromium.ts'
const full = JSON.parse(readFileSync('/tmp/oa.json', 'utf8'))
const v30 = { ...full, openapi: '3.0.3' }
const b = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
for (const doc of [full, v30, full, v30]) {
  const p = await b.newPage()
  await p.route('**/api/openapi.json', (r) => r.fulfill({ json: doc }))
  const t = Date.now()
  await p.goto('http://localhost:4480/api/reference')
  await p.getByRole('heading', { name: /Institute office API/ }).waitFor({ timeout: 60000 })
  console.log(doc.openapi, 'heading after', Date.now() - t, 'ms')
  await p.close()
}
await b.close()
