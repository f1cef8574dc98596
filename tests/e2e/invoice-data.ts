import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { adminHeaders } from './session.ts'

/** A class invoiced for a new head and period through the API: its scope and how many. */
export async function invoiceAClass(request: APIRequestContext, baseURL: string, run: string) {
  const headers = await adminHeaders(request, baseURL)
  const json = async <T>(res: Promise<APIResponse>) => {
    const answer = await res
    expect(answer.ok(), await answer.text()).toBe(true)
    return (await answer.json()) as T
  }
  const structure = await json<{
    sessions: { id: string; isCurrent: boolean }[]
    classes: { id: string; name: string }[]
  }>(request.get(`${baseURL}/api/fees/structure`, { headers }))
  const sessionId = structure.sessions.find((s) => s.isCurrent)!.id
  const klass = structure.classes[2]!
  const accounts = await json<{ data: { id: string }[] }>(
    request.get(`${baseURL}/api/fees/income-accounts`, { headers }),
  )
  const head = await json<{ id: string }>(
    request.post(`${baseURL}/api/fees/heads`, {
      headers,
      data: {
        name: `Print fee ${run}`,
        code: `PR${run.toUpperCase()}`,
        kind: 'recurring',
        incomeAccountId: accounts.data[0]!.id,
      },
    }),
  )
  const cycle = await json<{ id: string; periods: { id: string }[] }>(
    request.post(`${baseURL}/api/fees/payment-cycles`, {
      headers,
      data: { academicSessionId: sessionId, name: `Print cycle ${run}`, frequency: 'monthly' },
    }),
  )
  await json(
    request.put(`${baseURL}/api/fees/configs`, {
      headers,
      data: {
        academicSessionId: sessionId,
        cycleId: cycle.id,
        changes: [{ classId: klass.id, feeHeadId: head.id, amountMinor: 125_000 }],
      },
    }),
  )
  const periodId = cycle.periods[0]!.id
  const started = await json<{ id: string; jobId: string }>(
    request.post(`${baseURL}/api/fees/group-invoice/runs`, {
      headers: { ...headers, 'Idempotency-Key': `print-run-${run}` },
      data: {
        academicSessionId: sessionId,
        periodIds: [periodId],
        classIds: [klass.id],
        feeHeadIds: [head.id],
      },
    }),
  )
  await expect
    .poll(
      async () =>
        (
          await json<{ status: string }>(
            request.get(`${baseURL}/api/jobs/${started.jobId}`, { headers }),
          )
        ).status,
      { timeout: 60_000 },
    )
    .toBe('succeeded')
  const done = await json<{ invoiceCount: number }>(
    request.get(`${baseURL}/api/fees/group-invoice/runs/${started.id}`, { headers }),
  )
  return { sessionId, classId: klass.id, periodId, invoices: done.invoiceCount }
}
