import { describe, expect, it } from 'vitest'
import type {
  PublicApplication,
  SubmitApplication,
} from '../../shared/schemas/admission-applications.ts'
import { emptyFields, newDraftData, type DraftData } from './draft-data.ts'
import { replayOutbox, type ReplayOptions } from './outbox.ts'
import { MemoryOutboxStore, submissionJob, type OutboxStore } from './outbox-store.ts'

/** The offline database's semantics, in memory: each change applied whole. */
class MemoryStore extends MemoryOutboxStore {}

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' })

function queuedDraft(store: MemoryStore, opts: { photo?: boolean } = {}) {
  const fields = { ...emptyFields(), applicantName: 'Asha Rahman', phone: '+880 1711 000111' }
  const data: DraftData = {
    ...newDraftData(1),
    fields,
    idempotencyKey: 'key-0001-abcd',
    submission: { state: 'queued', queuedAt: 1 },
  }
  if (opts.photo) {
    data.attachments.photo = {
      id: 'draft-1:photo',
      name: 'me.jpg',
      type: 'image/jpeg',
      size: jpeg.size,
      addedAt: 1,
    }
    store.files.set('draft-1:photo', {
      id: 'draft-1:photo',
      draftId: 'draft-1',
      kind: 'photo',
      name: 'me.jpg',
      type: 'image/jpeg',
      blob: jpeg,
    })
  }
  store.drafts.set('draft-1', data)
  const job = submissionJob({
    draftId: 'draft-1',
    institute: 'demo-school',
    formId: 'f1',
    idempotencyKey: 'key-0001-abcd',
    body: { fields, answers: {} } as SubmitApplication,
    now: 1,
  })
  store.outbox.set(job.idempotencyKey, job)
  return job
}

const application = {
  temporaryId: 'T'.repeat(22),
  shortReference: 'DS-27-4K7Q',
  formId: 'f1',
  formTitle: 'Class 6',
  institute: { slug: 'demo-school', name: 'Demo School', currency: 'BDT' },
  status: 'fee_due',
  submittedAt: '2026-11-01T10:00:00.000Z',
  fee: 50000,
  fields: {
    ...emptyFields(),
    applicantName: 'Asha Rahman',
    phone: '+880*******111',
    dateOfBirth: '',
    gender: '',
  },
  answers: {},
  questions: [],
  attachmentRequirements: [],
  attachments: [],
  feePayment: null,
} satisfies PublicApplication

interface Sent {
  method: string
  url: string
  headers: Headers
  body: BodyInit | null | undefined
}

/** A server that answers from a script; `offline` throws like fetch does without a network. */
function fakeServer(answer: (req: Sent) => Response | 'offline') {
  const sent: Sent[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const req = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: new Headers(init?.headers),
      body: init?.body,
    }
    sent.push(req)
    const res = answer(req)
    if (res === 'offline') throw new TypeError('Failed to fetch')
    return res
  }
  return { sent, fetch }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const run = (store: OutboxStore, fetch: typeof globalThis.fetch, extra: ReplayOptions = {}) =>
  replayOutbox({ store, fetch, lock: (f) => f(), now: () => 1000, offline: () => false, ...extra })

describe('admission outbox replay', () => {
  it('sends the submission with its key, then each file with the phone, and marks it sent', async () => {
    const store = new MemoryStore()
    queuedDraft(store, { photo: true })
    const server = fakeServer((req) =>
      req.method === 'POST' ? json(201, application) : json(200, {}),
    )

    expect(await run(store, server.fetch)).toEqual({ pending: 0 })

    expect(server.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admission/public/demo-school/forms/f1/applications',
      `PUT /api/admission/public/demo-school/applications/${'T'.repeat(22)}/attachments/photo`,
    ])
    expect(server.sent[0]!.headers.get('Idempotency-Key')).toBe('key-0001-abcd')
    const upload = server.sent[1]!.body as FormData
    expect(upload.get('confirm')).toBe('+880 1711 000111')
    expect((upload.get('file') as File).name).toBe('me.jpg')

    const draft = store.drafts.get('draft-1')!
    expect(draft.submission).toMatchObject({
      state: 'sent',
      temporaryId: 'T'.repeat(22),
      uploads: { photo: { state: 'done' } },
      sentAt: 1000,
    })
    expect(draft.submission.application?.status).toBe('fee_due')
    expect(store.outbox.size).toBe(0)
    // The photo is with the institute: the device's copy goes.
    expect(store.files.size).toBe(0)
  })

  it('keeps the submission queued without a network and resends it with the same key', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    let online = false
    const server = fakeServer(() => (online ? json(201, application) : 'offline'))

    expect(await run(store, server.fetch)).toEqual({ pending: 1, waitingFor: 'network' })
    expect(store.drafts.get('draft-1')!.submission).toMatchObject({
      state: 'waiting',
      waitingFor: 'network',
    })
    expect(await run(store, server.fetch)).toEqual({ pending: 1, waitingFor: 'network' })

    online = true
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(server.sent).toHaveLength(3)
    expect(new Set(server.sent.map((r) => r.headers.get('Idempotency-Key')))).toEqual(
      new Set(['key-0001-abcd']),
    )
    expect(server.sent.map((r) => r.body)).toEqual(Array(3).fill(server.sent[0]!.body))
    const submission = store.drafts.get('draft-1')!.submission
    expect(submission.state).toBe('sent')
    expect(submission.waitingFor).toBeUndefined()
  })

  it('sends nothing while the browser says it is offline', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    const server = fakeServer(() => json(201, application))
    expect(await run(store, server.fetch, { offline: () => true })).toEqual({
      pending: 1,
      waitingFor: 'network',
    })
    expect(server.sent).toHaveLength(0)
    expect(store.drafts.get('draft-1')!.submission.state).toBe('waiting')
  })

  it('waits for the server after a 5xx or a 429, without losing the request', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    const statuses = [503, 429]
    const server = fakeServer(() =>
      json(statuses.shift() ?? 201, statuses.length ? {} : application),
    )

    expect(await run(store, server.fetch)).toEqual({ pending: 1, waitingFor: 'server' })
    expect(store.outbox.get('key-0001-abcd')!.attempts).toBe(1)
    expect(await run(store, server.fetch)).toEqual({ pending: 1, waitingFor: 'server' })
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(store.drafts.get('draft-1')!.submission.state).toBe('sent')
  })

  it('puts the draft back to editing with the field errors of a 422', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    const server = fakeServer(() =>
      json(422, {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { 'fields.dateOfBirth': ['This field is required.'] },
        fields: { 'fields.dateOfBirth': [{ code: 'required' }] },
      }),
    )

    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(store.drafts.get('draft-1')!.submission).toEqual({
      state: 'editing',
      queuedAt: 1,
      errors: { 'fields.dateOfBirth': { code: 'required' } },
    })
    expect(store.outbox.size).toBe(0)
  })

  it('tells the draft why a 409 refused it', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    const server = fakeServer(() =>
      json(409, {
        message: 'This form is not taking applications now.',
        code: 'form_not_accepting',
      }),
    )
    await run(store, server.fetch)
    expect(store.drafts.get('draft-1')!.submission.refusal).toEqual({
      status: 409,
      code: 'form_not_accepting',
      message: 'This form is not taking applications now.',
    })
  })

  it('records a refused upload and still finishes the submission', async () => {
    const store = new MemoryStore()
    queuedDraft(store, { photo: true })
    const server = fakeServer((req) =>
      req.method === 'POST'
        ? json(201, application)
        : json(422, {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { file: ['This type of file is not accepted here.'] },
            fields: { file: [{ code: 'file_type' }] },
          }),
    )
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(store.drafts.get('draft-1')!.submission).toMatchObject({
      state: 'sent',
      uploads: {
        photo: { state: 'failed', error: { code: 'file_type' }, status: 422 },
      },
    })
    // The refused file stays on the device, to be sent again or replaced from the attachment page.
    expect(store.files.has('draft-1:photo')).toBe(true)
    expect(store.outbox.size).toBe(0)
  })

  it('keeps a file the server refused (403, 409, 413) and never sends the application again', async () => {
    for (const status of [403, 409, 413]) {
      const store = new MemoryStore()
      queuedDraft(store, { photo: true })
      const server = fakeServer((req) =>
        req.method === 'POST'
          ? json(201, application)
          : json(status, { message: status === 413 ? 'This file is too large.' : 'Refused.' }),
      )
      expect(await run(store, server.fetch)).toEqual({ pending: 0 })
      expect(await run(store, server.fetch)).toEqual({ pending: 0 })
      expect(server.sent.map((r) => r.method)).toEqual(['POST', 'PUT'])
      expect(store.drafts.get('draft-1')!.submission.uploads?.photo).toMatchObject({
        state: 'failed',
        status,
      })
      expect(store.files.get('draft-1:photo')?.blob).toBe(jpeg)
    }
  })

  it('removes the kept file once its upload is taken', async () => {
    const store = new MemoryStore()
    queuedDraft(store, { photo: true })
    const server = fakeServer((req) =>
      req.method === 'POST' ? json(201, application) : json(200, {}),
    )
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(store.drafts.get('draft-1')!.submission.uploads).toEqual({ photo: { state: 'done' } })
    expect(store.files.has('draft-1:photo')).toBe(false)
  })

  it('resumes the uploads, not the submission, after the network drops between them', async () => {
    const store = new MemoryStore()
    queuedDraft(store, { photo: true })
    let uploadsWork = false
    const server = fakeServer((req) =>
      req.method === 'POST' ? json(201, application) : uploadsWork ? json(200, {}) : 'offline',
    )
    expect(await run(store, server.fetch)).toEqual({ pending: 1, waitingFor: 'network' })
    expect(store.drafts.get('draft-1')!.submission).toMatchObject({
      state: 'waiting',
      temporaryId: 'T'.repeat(22),
      uploads: { photo: { state: 'pending' } },
    })
    uploadsWork = true
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(server.sent.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(store.drafts.get('draft-1')!.submission.state).toBe('sent')
  })

  it('sends a submission once when a tab and the worker replay together', async () => {
    const store = new MemoryStore()
    queuedDraft(store)
    const server = fakeServer(() => json(201, application))
    let queue = Promise.resolve()
    const lock = <T>(f: () => Promise<T>): Promise<T> => {
      const result = queue.then(f)
      queue = result.then(
        () => undefined,
        () => undefined,
      )
      return result
    }
    await Promise.all([run(store, server.fetch, { lock }), run(store, server.fetch, { lock })])
    expect(server.sent).toHaveLength(1)
  })

  it('leaves requests that are not admission ones alone', async () => {
    const store = new MemoryStore()
    store.outbox.set('pay-1', {
      idempotencyKey: 'pay-1',
      createdAt: 0,
      method: 'POST',
      path: 'payments',
      body: {},
    })
    const server = fakeServer(() => json(201, {}))
    expect(await run(store, server.fetch)).toEqual({ pending: 0 })
    expect(server.sent).toHaveLength(0)
  })

  it('tells the page of each step when the queue is the page’s own (no offline database)', async () => {
    const steps: string[] = []
    const store = new MemoryOutboxStore((draftId, data) => {
      steps.push(`${draftId}:${data.submission.state}`)
    })
    queuedDraft(store as MemoryStore)
    const server = fakeServer(() => json(201, application))
    const result = await run(store, server.fetch)
    expect(result).toEqual({ pending: 0 })
    expect(steps).toEqual(['draft-1:sending', 'draft-1:sent'])
    expect(store.drafts.get('draft-1')?.submission.temporaryId).toBe(application.temporaryId)
  })
})
