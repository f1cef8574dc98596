// A family with dues for the collection suites (counter, advances).
import { expect, type APIRequestContext } from '@playwright/test'
import { addFeeHead, configureFee, overdueCycle } from './fee-data.ts'
import { adminHeaders } from './session.ts'
import { createStudent, demoPlacement, uniquePhone } from './student-data.ts'

type Headers = Record<string, string>

/**
 * Two siblings sharing a guardian phone (in class Six with no section: section A's 40 places
 * are the students suite's), each invoiced 1,000.00 of tuition for a period due 20
 * days ago, with a fine of 50.00 once the 0 days' grace are over.
 */
export async function familyWithDues(
  request: APIRequestContext,
  baseURL: string,
  run: string,
  options: {
    /** A third child, Youngest, for the counter's three-children case. */
    three?: boolean
    /** The campus the children study at (and are invoiced by): the first one unless given. */
    campus?: { id: string; name: string }
    /** Elder's second invoice of the period: 200.00 of library fee, no fine. */
    secondInvoice?: boolean
  } = {},
) {
  const headers: Headers = await adminHeaders(request, baseURL)
  const api = `${baseURL}/api`
  const demo = await demoPlacement(request, baseURL, headers)
  const place = { ...demo, campus: options.campus ?? demo.campus }
  const phone = uniquePhone()
  const children = [
    await createStudent(request, baseURL, headers, place, {
      fullName: `Elder ${run}`,
      guardianPhone: phone,
      guardianName: `Guardian ${run}`,
      withoutSection: true,
    }),
    await createStudent(request, baseURL, headers, place, {
      fullName: `Younger ${run}`,
      guardianPhone: phone,
      withoutSection: true,
    }),
  ]
  if (options.three)
    children.push(
      await createStudent(request, baseURL, headers, place, {
        fullName: `Youngest ${run}`,
        guardianPhone: phone,
        withoutSection: true,
      }),
    )
  const tuition = await addFeeHead(request, baseURL, headers, {
    name: `Tuition ${run}`,
    code: `TU${run}`,
    kind: 'recurring',
    account: 'Tuition fee income',
  })
  // The first period, issued and due 20 days ago (or on the session's first day): late by now.
  const { cycle, period, due } = await overdueCycle(
    request,
    baseURL,
    headers,
    place,
    `Monthly ${run}`,
  )
  await configureFee(request, baseURL, headers, place, tuition.id, 100_000, cycle.id)
  const fine = await request.post(`${api}/fees/fine-rules`, {
    headers,
    data: {
      feeHeadId: tuition.id,
      effectiveFrom: due,
      effectiveTo: null,
      graceDays: 0,
      charge: { kind: 'fixed_once', amount: 5_000 },
      lineCap: null,
      periodCap: null,
    },
  })
  expect(fine.status()).toBe(201)
  const invoice = async (studentId: string, feeHeadId: string) => {
    const res = await request.post(`${api}/fees/invoices`, {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        studentId,
        academicSessionId: place.session.id,
        periodId: period.id,
        feeHeadIds: [feeHeadId],
      },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  for (const child of children) await invoice(child.id, tuition.id)
  if (options.secondInvoice) {
    const library = await addFeeHead(request, baseURL, headers, {
      name: `Library ${run}`,
      code: `LB${run}`,
      kind: 'recurring',
      account: 'Tuition fee income',
    })
    await configureFee(request, baseURL, headers, place, library.id, 20_000, cycle.id)
    await invoice(children[0]!.id, library.id)
  }
  return { phone, children, period }
}
