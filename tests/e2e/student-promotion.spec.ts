import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminHeaders, signInAs } from './session.ts'

interface Made {
  id: string
  name: string
}

/**
 * A session of its own and the next one, two classes, sections A in both sessions and three
 * students in the first class's section A, all through the API.
 */
async function arrange(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const post = async <T>(path: string, data: object, status = 201) => {
    const res = await request.post(`${baseURL}/api/${path}`, { headers, data })
    expect(res.status(), `${path} ${await res.text()}`).toBe(status)
    return (await res.json()) as T
  }
  // Years of their own, apart from the demo's sessions and the academic-structure test's.
  const year = 2900 + Math.floor(Math.random() * 49) * 2
  const session = (y: number) =>
    post<Made>('institutes/academic-sessions', {
      name: `Year ${run} ${y}`,
      startsOn: `${y}-01-01`,
      endsOn: `${y}-12-31`,
    })
  const from = await session(year)
  const to = await session(year + 1)
  const lower = await post<Made>('institutes/classes', { name: `Lower ${run}` })
  const upper = await post<Made>('institutes/classes', { name: `Upper ${run}` })
  const section = (s: Made, c: Made) =>
    post<Made>('institutes/sections', { academicSessionId: s.id, classId: c.id, name: 'A' })
  const lowerA = await section(from, lower)
  await section(to, lower)
  await section(to, upper)
  const campuses = await request.get(`${baseURL}/api/institutes/campuses`, { headers })
  const campusId = ((await campuses.json()) as { data: Made[] }).data[0]!.id
  const names = [`Anika ${run}`, `Babul ${run}`, `Chaity ${run}`]
  for (const [i, fullName] of names.entries()) {
    await post('students', {
      fullName,
      guardianPhone: `0171100000${i}`,
      campusId,
      enrolment: {
        academicSessionId: from.id,
        classId: lower.id,
        sectionId: lowerA.id,
        roll: i + 1,
      },
    })
  }
  return { headers, from, to, lower, upper, names }
}

test('the office promotes a class into the next session, one student held back, and a second run enrols nobody twice', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow()
  const run = Math.random().toString(36).slice(2, 7)
  const { headers, from, to, lower, upper, names } = await arrange(request, baseURL!, run)
  const context = await browser.newContext()
  await signInAs(context, context.request, baseURL!, 'admin')
  const page = await context.newPage()

  await page.goto('/students/promote')
  await expect(page.getByRole('heading', { name: 'Promote students', level: 1 })).toBeVisible()
  await page.getByLabel('From session').selectOption({ label: from.name })
  // The next session by start date is chosen by itself.
  await expect(page.getByLabel('To session')).toHaveValue(to.id)
  await page.getByLabel(`${lower.name} goes to`).selectOption({ label: upper.name })
  const block = page
    .locator('.promotion-class')
    .filter({ has: page.getByLabel(`${lower.name} goes to`) })
  await expect(block).toContainText('3 promoted · 0 held back · 0 leaving · 0 graduating')

  // Babul is held back: he stays in the class, in its section A of the next session.
  await block.getByRole('button', { name: `Show the students of ${lower.name} (3)` }).click()
  const students = block.getByRole('table', { name: `Students of ${lower.name}` })
  await expect(students.getByRole('row')).toHaveCount(4)
  await students.getByLabel(`What happens to ${names[1]}`).selectOption('Held back')
  await expect(block).toContainText('2 promoted · 1 held back · 0 leaving · 0 graduating')
  await expect(students.getByRole('row').filter({ hasText: names[0]! })).toContainText(
    `${upper.name} · A · 1`,
  )
  await expect(students.getByRole('row').filter({ hasText: names[1]! })).toContainText(
    `${lower.name} · A · 2`,
  )

  await page.getByRole('button', { name: 'Promote 3 students' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible()
  await expect(
    page.getByRole('status').filter({ hasText: '2 promoted, 1 held back, 0 left, 0 graduated' }),
  ).toBeVisible()
  const result = page.getByRole('table', { name: 'What the promotion did' })
  await expect(
    result.getByRole('row').filter({ hasText: `${lower.name} → ${upper.name}` }),
  ).toContainText(/2\s*1\s*0\s*0\s*0/)

  // Back on the form, the class's students are all in the next session already.
  await page.getByRole('button', { name: 'Start another promotion' }).click()
  await page.getByLabel('From session').selectOption({ label: from.name })
  await page.getByLabel(`${lower.name} goes to`).selectOption({ label: upper.name })
  await expect(block).toContainText('3 left as they are')
  await expect(page.getByRole('button', { name: 'Promote 0 students' })).toBeDisabled()

  // The same promotion run again (a new request): it enrols nobody a second time.
  const again = await request.post(`${baseURL}/api/students/promotions`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      fromSessionId: from.id,
      toSessionId: to.id,
      classMappings: [{ fromClassId: lower.id, toClassId: upper.id }],
    },
  })
  expect(again.status()).toBe(202)
  const { jobId } = (await again.json()) as { jobId: string }
  await expect
    .poll(async () => {
      const job = await request.get(`${baseURL}/api/jobs/${jobId}`, { headers })
      return ((await job.json()) as { status: string; result: unknown }).result
    })
    .toMatchObject({ totals: { promote: 0, hold_back: 0, already_enrolled: 3 } })
  const listed = await request.get(
    `${baseURL}/api/students?academicSessionId=${to.id}&q=${run}&perPage=50`,
    { headers },
  )
  const { data } = (await listed.json()) as {
    data: { fullName: string; enrolment: { academicSessionId: string } | null }[]
  }
  expect(data.map((s) => s.fullName).sort()).toEqual([...names].sort())
  expect(data.map((s) => s.enrolment?.academicSessionId)).toEqual([to.id, to.id, to.id])
  await context.close()
})
