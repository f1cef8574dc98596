import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { dayFromToday, publishForm } from './admission-data.ts'
import { makeInvoice, overdueCycle } from './fee-data.ts'
import { adminHeaders } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

/*
 * What the accessibility walk (accessibility.spec.ts) finds on its screens, made through the
 * API: rows in each status, badges and tags, so axe reads them as users meet them.
 */

export const unique = () => Math.random().toString(36).slice(2, 8)

const api = (baseURL: string) => `${baseURL}/api`

/** The JSON of an answer that must have succeeded. */
async function ok(res: Promise<APIResponse>) {
  const answer = await res
  expect(answer.ok(), `${answer.url()}: ${answer.status()}`).toBe(true)
  return answer.json() as Promise<Record<string, unknown>>
}

/** Two published forms (one with a fee) and an application in each status, through the API. */
export async function admissionData(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const form = async (title: string, fee: number) =>
    (
      await publishForm(request, baseURL, {
        title,
        className: 'Four',
        fee,
        requiredFields: ['dateOfBirth'],
        instructions: 'Bring the birth certificate to the interview.',
      })
    ).form.id
  const apply = async (formId: string, applicantName: string) => {
    const sent = await ok(
      request.post(`${api(baseURL)}/admission/public/demo-school/forms/${formId}/applications`, {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        data: {
          fields: { applicantName, phone: '+880 1711 000555', dateOfBirth: '2019-03-14' },
          answers: { shift: 'Morning' },
        },
      }),
    )
    const list = (await ok(
      request.get(`${api(baseURL)}/admission/applicants?q=${encodeURIComponent(applicantName)}`, {
        headers,
      }),
    )) as { data: { id: string }[] }
    return { temporaryId: String(sent.temporaryId), id: list.data[0]!.id }
  }
  const step = (id: string, action: string, data: object = {}) =>
    ok(request.post(`${api(baseURL)}/admission/applicants/${id}/${action}`, { headers, data }))

  const feeForm = await form(`Class Four with fee ${run}`, 25000)
  const freeForm = await form(`Class Four free ${run}`, 0)
  const feeDue = await apply(feeForm, `Fee Due ${run}`)
  await apply(freeForm, `Submitted ${run}`)
  await step((await apply(freeForm, `Under Review ${run}`)).id, 'review')
  await step((await apply(freeForm, `Rejected ${run}`)).id, 'reject', { note: 'Class full.' })
  const accepted = await apply(freeForm, `Accepted ${run}`)
  await step(accepted.id, 'accept', { note: 'Interview passed.' })
  const enrolled = await apply(freeForm, `Enrolled ${run}`)
  await step(enrolled.id, 'accept')
  await step(enrolled.id, 'enrol')
  return { feeForm, feeDue, accepted }
}

/** A journal voucher, reversed, and a receipt, through the API. */
export async function voucherData(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const mapping = (await ok(
    request.get(`${api(baseURL)}/accounting/coa-mapping`, { headers }),
  )) as {
    data: { purpose: string; accountId: string }[]
  }
  const cash = mapping.data.find((m) => m.purpose === 'cash')!.accountId
  const bank = mapping.data.find((m) => m.purpose === 'bank')!.accountId
  const voucher = (type: string, narration: string) =>
    ok(
      request.post(`${api(baseURL)}/accounting/vouchers`, {
        headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
        data: {
          type,
          date: dayFromToday(0),
          narration,
          lines: [
            { accountId: cash, debit: 150050 },
            { accountId: bank, credit: 150050 },
          ],
        },
      }),
    )
  const reversed = await voucher('journal', `Cash drawn for the fair ${run}`)
  await ok(
    request.post(`${api(baseURL)}/accounting/vouchers/${String(reversed.id)}/reverse`, {
      headers,
      data: { date: dayFromToday(0), narration: `Fair cancelled ${run}` },
    }),
  )
  await voucher('receipt', `Fees received ${run}`)

  // An account no longer in use: its row is greyed out in the chart.
  const chart = (await ok(request.get(`${api(baseURL)}/accounting/accounts`, { headers }))) as {
    data: { id: string; parentId: string | null }[]
  }
  const retired = await ok(
    request.post(`${api(baseURL)}/accounting/accounts`, {
      headers,
      data: { parentId: chart.data.find((a) => a.id === cash)!.parentId, name: `Old float ${run}` },
    }),
  )
  await ok(
    request.patch(`${api(baseURL)}/accounting/accounts/${String(retired.id)}`, {
      headers,
      data: { isActive: false },
    }),
  )
  return { cash, reversedId: String(reversed.id) }
}

/** Two staff users, one of them deactivated, through the API. */
export async function staffData(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const roles = (await ok(
    request.get(`${api(baseURL)}/access/users/role-options`, { headers }),
  )) as { data: { id: string; name: string }[] }
  const user = (name: string) =>
    ok(
      request.post(`${api(baseURL)}/access/users`, {
        headers,
        data: {
          username: `${name.toLowerCase()}-${run}`,
          fullName: `${name} ${run}`,
          password: 'a-temporary-password-2026',
          roleIds: [roles.data.find((r) => r.name === 'accountant')!.id],
        },
      }),
    )
  await user('Active')
  const leaver = await user('Leaver')
  await ok(
    request.post(`${api(baseURL)}/access/users/${String(leaver.id)}/deactivate`, { headers }),
  )
}

/** Two sisters with one guardian's phone, the elder marked as left, through the API. */
export async function studentData(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const place = await demoPlacement(request, baseURL, headers)
  const guardianPhone = uniquePhone()
  const student = (fullName: string) =>
    createStudent(request, baseURL, headers, place, {
      fullName,
      guardianPhone,
      withoutSection: true,
    })
  const elder = await student(`Elder ${run}`)
  const younger = await student(`Younger ${run}`)
  await ok(
    request.post(`${api(baseURL)}/students/${elder.id}/status`, {
      headers,
      data: { status: 'left', on: dayFromToday(0), reason: 'Moved away.' },
    }),
  )
  // A cycle with its periods: the payment cycles page's row actions, with their names.
  await overdueCycle(request, baseURL, headers, place, `Cycle ${run}`)
  const code = `A${run.toUpperCase()}`
  const invoice = await makeInvoice(request, baseURL, headers, place, younger.id, {
    name: `Exam ${run}`,
    code,
  })
  return {
    guardianPhone,
    sessionId: place.session.id,
    youngerId: younger.id,
    invoiceId: invoice.id,
  }
}
