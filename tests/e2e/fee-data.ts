import { expect, type APIRequestContext } from '@playwright/test'
import type { DemoPlacement } from './student-data.ts'

type Headers = Record<string, string>

/** A call that must succeed, and its JSON. */
async function ok<T>(call: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await call
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true)
  return (await res.json()) as T
}

/** A fee head through the API, crediting the income account named. */
export async function addFeeHead(
  request: APIRequestContext,
  baseURL: string,
  headers: Headers,
  head: { name: string; code: string; kind: string; account: string },
) {
  const { data: accounts } = await ok<{ data: { id: string; name: string }[] }>(
    request.get(`${baseURL}/api/fees/income-accounts`, { headers }),
  )
  const { account, ...rest } = head
  return ok<{ id: string; name: string; code: string }>(
    request.post(`${baseURL}/api/fees/heads`, {
      headers,
      data: { ...rest, incomeAccountId: accounts.find((a) => a.name === account)!.id },
    }),
  )
}

/**
 * A monthly payment cycle of the placement's session whose first period was issued and is due
 * 20 days ago (or on the session's first day): late by now. Answers the cycle, that period and
 * its due date.
 */
export async function overdueCycle(
  request: APIRequestContext,
  baseURL: string,
  headers: Headers,
  place: DemoPlacement,
  name: string,
) {
  const api = `${baseURL}/api`
  const cycle = await ok<{
    id: string
    periods: { id: string; name: string; startsOn: string; endsOn: string }[]
  }>(
    request.post(`${api}/fees/payment-cycles`, {
      headers,
      data: { academicSessionId: place.session.id, name, frequency: 'monthly' },
    }),
  )
  const period = cycle.periods[0]!
  const daysAgo = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)
  const due = daysAgo > place.session.startsOn ? daysAgo : place.session.startsOn
  await ok(
    request.put(`${api}/fees/payment-cycles/${cycle.id}/periods/${period.id}`, {
      headers,
      data: { ...period, issueDate: due, dueDate: due },
    }),
  )
  return { cycle, period, due }
}

/** The amount of a head for the placement's class (per cycle for a recurring head). */
export async function configureFee(
  request: APIRequestContext,
  baseURL: string,
  headers: Headers,
  place: DemoPlacement,
  feeHeadId: string,
  amountMinor: number,
  cycleId: string | null = null,
) {
  await ok(
    request.put(`${baseURL}/api/fees/configs`, {
      headers,
      data: {
        academicSessionId: place.session.id,
        cycleId,
        changes: [{ classId: place.classId, feeHeadId, amountMinor }],
      },
    }),
  )
}

/**
 * An invoice of a per-event head for a student of the placement's class, through the API: for
 * the screens that show one (responsive, accessibility).
 */
export async function makeInvoice(
  request: APIRequestContext,
  baseURL: string,
  headers: Headers,
  place: DemoPlacement,
  studentId: string,
  head: { name: string; code: string },
) {
  const exam = await addFeeHead(request, baseURL, headers, {
    ...head,
    kind: 'per_event',
    account: 'Exam fee income',
  })
  await configureFee(request, baseURL, headers, place, exam.id, 987_654_321)
  return ok<{ id: string; number: string }>(
    request.post(`${baseURL}/api/fees/invoices`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { studentId, academicSessionId: place.session.id, feeHeadIds: [exam.id] },
    }),
  )
}
