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

/**
 * A form of the demo institute, open from two days ago for a month, asking "Which shift?"
 * (Morning or Day) and for a photo unless `changes` say otherwise, created and published by the
 * admin through the staff API.
 */
export async function publishForm(
  request: APIRequestContext,
  baseURL: string,
  changes: Record<string, unknown> & { title: string },
) {
  const headers = await adminHeaders(request, baseURL)
  const created = await request.post(`${baseURL}/api/admission/forms`, {
    headers,
    data: {
      academicSession: '2027',
      className: 'Two',
      groupName: '',
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
