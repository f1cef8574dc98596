import { expect, type APIRequestContext } from '@playwright/test'
import { makeInvoice } from './fee-data.ts'
import { adminHeaders } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

/** A student of class Six owing one exam fee (9,876,543.21), through the API. */
export async function studentOwing(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const place = await demoPlacement(request, baseURL, headers)
  const student = await createStudent(request, baseURL, headers, place, {
    fullName: `Payer ${run}`,
    guardianPhone: uniquePhone(),
    withoutSection: true,
  })
  const invoice = await makeInvoice(request, baseURL, headers, place, student.id, {
    name: `Exam ${run}`,
    code: `V${run.toUpperCase()}`,
  })
  return { headers, student, invoice }
}

/** That fee paid in cash at the counter, through the API: the receipt as the server gives it. */
export async function paidReceipt(request: APIRequestContext, baseURL: string, run: string) {
  const { headers, student } = await studentOwing(request, baseURL, run)
  const family = await request.get(`${baseURL}/api/collection/families/${student.id}`, {
    headers,
  })
  expect(family.ok()).toBe(true)
  const { members } = (await family.json()) as {
    members: { lines: { lineId: string; dueMinor: number; fineMinor: number }[] }[]
  }
  const lines = members.flatMap((m) => m.lines)
  const total = lines.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
  const res = await request.post(`${baseURL}/api/collection/payments`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      studentId: student.id,
      allocations: lines.map((l) => ({
        lineId: l.lineId,
        principalMinor: l.dueMinor,
        fineMinor: l.fineMinor,
      })),
      tenders: [{ method: 'cash', amountMinor: total }],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string; number: string; verifyCode: string }
}
