import { expect, type APIRequestContext } from '@playwright/test'

type Headers = Record<string, string>

/** Where the demo school teaches today: this year's session, class Six and its sections. */
export async function demoPlacement(request: APIRequestContext, baseURL: string, headers: Headers) {
  const read = async <T>(path: string): Promise<T> => {
    const res = await request.get(`${baseURL}/api/institutes/${path}`, { headers })
    expect(res.ok(), path).toBe(true)
    return (await res.json()) as T
  }
  const today = new Date().toISOString().slice(0, 10)
  // Not the "current" mark: another spec may move it to a session of its own.
  const sessions =
    await read<{ id: string; name: string; startsOn: string; endsOn: string }[]>(
      'academic-sessions',
    )
  const session = sessions.find(
    (s) => /^\d{4}$/.test(s.name) && s.startsOn <= today && today <= s.endsOn,
  )!
  const classes = await read<{ id: string; name: string }[]>('classes')
  const six = classes.find((c) => c.name === 'Six')!
  const sections = await read<
    { id: string; name: string; academicSessionId: string; classId: string }[]
  >(`sections?academicSessionId=${session.id}&classId=${six.id}`)
  const { data: campuses } = await read<{ data: { id: string; name: string }[] }>('campuses')
  return {
    session,
    className: six.name,
    classId: six.id,
    sectionA: sections.find((s) => s.name === 'A')!,
    campus: campuses[0]!,
  }
}

export type DemoPlacement = Awaited<ReturnType<typeof demoPlacement>>

/** A guardian's phone no other student has: the family of the test that makes it. */
export const uniquePhone = () =>
  `+880 17${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/**
 * A student made through the API, in section A of class Six this year; or in the class with no
 * section (`withoutSection`), for the screens that only need someone to show: section A holds
 * 40, and those screens are visited once per language and layout.
 */
export async function createStudent(
  request: APIRequestContext,
  baseURL: string,
  headers: Headers,
  place: DemoPlacement,
  fields: {
    fullName: string
    guardianPhone: string
    guardianName?: string
    roll?: number
    withoutSection?: boolean
  },
) {
  const { roll, withoutSection, ...rest } = fields
  const res = await request.post(`${baseURL}/api/students`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      ...rest,
      campusId: place.campus.id,
      enrolment: {
        academicSessionId: place.session.id,
        classId: place.classId,
        sectionId: withoutSection ? null : place.sectionA.id,
        ...(roll && { roll }),
      },
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string; studentCode: string; roll: number }
}
