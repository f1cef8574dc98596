import { expect, type APIRequestContext } from '@playwright/test'
import { adminHeaders } from './session.ts'

/** A date `offset` days from today, as the API takes it. */
export const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** A photo of the applicant, as most forms ask for it. */
export const photoAttachment = {
  kind: 'photo',
  label: 'Photo of the applicant',
  required: true,
  types: ['image/jpeg', 'image/png'],
  maxBytes: 2 * 1024 * 1024,
}

type Item = { id: string; name: string }

/** The id of the demo structure's list item named so, added (open to every class) when missing. */
async function itemNamed(
  request: APIRequestContext,
  baseURL: string,
  headers: Record<string, string>,
  list: 'classes' | 'groups',
  name: string,
): Promise<string> {
  const url = `${baseURL}/api/institutes/${list}`
  const find = async () =>
    ((await (await request.get(url, { headers })).json()) as Item[]).find((i) => i.name === name)
  const found = await find()
  if (found) return found.id
  const made = await request.post(url, { headers, data: { name } })
  // Another worker may have added it meanwhile: then it is there to be found.
  if (made.status() === 201) return ((await made.json()) as Item).id
  return (await find())!.id
}

/**
 * Where a form is for, by id: next year's session of the demo structure (or the current one),
 * the class named so and maybe a group, added to the structure when missing.
 */
export async function placementOf(
  request: APIRequestContext,
  baseURL: string,
  headers: Record<string, string>,
  {
    className,
    group,
    session = 'next',
  }: { className: string; group?: string; session?: 'current' | 'next' },
) {
  // The demo's sessions are named by calendar year; another spec may move the "current" mark.
  const sessions = (await (
    await request.get(`${baseURL}/api/institutes/academic-sessions`, { headers })
  ).json()) as Item[]
  const year = new Date().getFullYear() + (session === 'current' ? 0 : 1)
  const chosen = sessions.find((s) => s.name === String(year))!
  return {
    academicSessionId: chosen.id,
    classId: await itemNamed(request, baseURL, headers, 'classes', className),
    groupId: group ? await itemNamed(request, baseURL, headers, 'groups', group) : null,
  }
}

/**
 * A form of the demo institute (for next year's session and class Two unless `changes` name
 * another class or session), open from two days ago for a month, asking "Which shift?"
 * (Morning or Day) and for a photo unless `changes` say otherwise, created and published by the
 * admin through the staff API.
 */
export async function publishForm(
  request: APIRequestContext,
  baseURL: string,
  {
    className = 'Two',
    session,
    ...changes
  }: Record<string, unknown> & { title: string; className?: string; session?: 'current' | 'next' },
) {
  const headers = await adminHeaders(request, baseURL)
  const created = await request.post(`${baseURL}/api/admission/forms`, {
    headers,
    data: {
      ...(await placementOf(request, baseURL, headers, { className, ...(session && { session }) })),
      opensOn: dayFromToday(-2),
      closesOn: dayFromToday(30),
      fee: 0,
      requiredFields: [],
      questions: [
        {
          id: 'shift',
          label: 'Which shift?',
          kind: 'choice',
          required: true,
          options: ['Morning', 'Day'],
        },
      ],
      attachments: [photoAttachment],
      instructions: '',
      ...changes,
    },
  })
  expect(created.status()).toBe(201)
  const form = (await created.json()) as { id: string; title: string }
  const published = await request.post(`${baseURL}/api/admission/forms/${form.id}/publish`, {
    headers,
  })
  expect(published.ok()).toBe(true)
  return { form, headers }
}

/** An application to a published form, as an applicant's phone submits it. */
export async function submitApplication(
  request: APIRequestContext,
  baseURL: string,
  formId: string,
  applicantName: string,
) {
  const applied = await request.post(
    `${baseURL}/api/admission/public/demo-school/forms/${formId}/applications`,
    {
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      data: {
        fields: {
          applicantName,
          phone: `+880 1711 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
        },
        answers: { shift: 'Morning' },
      },
    },
  )
  expect(applied.status()).toBe(201)
  return (await applied.json()) as { temporaryId: string; shortReference: string }
}
