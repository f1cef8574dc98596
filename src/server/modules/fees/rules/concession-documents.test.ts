import { beforeAll, describe, expect, it } from 'vitest'
import type { Concession } from '../../../../shared/schemas/fee-rules.ts'
import { demoInstituteId, signedInAs } from '../../../test-support/admission.ts'
import { insertFeeHead, insertStudent, sessionOf } from '../../../test-support/fee-rules-support.ts'
import { files, pdf } from '../../../test-support/public-admission.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/concessions'

describe('concession documents', () => {
  let t: TestApp
  let admin: string
  let checker: string
  let concession: Concession
  adminSuite((s) => ({ t, admin } = s))

  const upload = (bytes: Uint8Array, name: string, token = admin, id = concession.id) => {
    const body = new FormData()
    body.set('file', new File([Buffer.from(bytes)], name))
    return t.app.request(`${path}/${id}/document`, {
      method: 'PUT',
      body,
      headers: { Authorization: `Bearer ${token}` },
    })
  }

  beforeAll(async () => {
    const instituteId = await demoInstituteId(t)
    const head = (await insertFeeHead(t, instituteId, 'DOC', 'Documented')).id
    const student = (
      await insertStudent(t, instituteId, { fullName: 'Dina Document', studentCode: 'DOC-1' })
    ).id
    const res = await asUser(t, admin, 'POST', path, {
      studentId: student,
      feeHeadId: head,
      academicSessionId: await sessionOf(t, instituteId),
      terms: { kind: 'percent', rateBp: 2_500 },
      category: 'scholarship',
      reason: 'Scholarship letter',
    })
    concession = (await res.json()) as Concession
    checker = await signedInAs(t, 'doc-checker', ['accountant'])
  })

  it('attaches a PDF to a request, which the approver opens', async () => {
    expect(concession.documentName).toBeNull()
    const res = await upload(pdf(), 'Scholarship letter.pdf')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ documentName: 'Scholarship letter.pdf' })
    const listed = (await (await asUser(t, checker, 'GET', `${path}?status=requested`)).json()) as {
      data: Concession[]
    }
    expect(listed.data.find((c) => c.id === concession.id)?.documentName).toBe(
      'Scholarship letter.pdf',
    )
    const opened = await asUser(t, checker, 'GET', `${path}/${concession.id}/document`)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toBe('application/pdf')
    expect(opened.headers.get('content-security-policy')).toContain('sandbox')
    expect(new TextDecoder().decode((await opened.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })

  it('refuses what is not a PDF or an image, or a damaged one, on the file', async () => {
    const text = await upload(files.text(), 'notes.txt')
    expect(text.status).toBe(422)
    expect(await text.json()).toMatchObject({ fields: { file: [{ code: 'file_type' }] } })
    const damaged = await upload(files.pdf(), 'broken.pdf')
    expect(damaged.status).toBe(422)
    expect(await damaged.json()).toMatchObject({ fields: { file: expect.anything() } })
    const empty = await upload(new Uint8Array(), 'empty.pdf')
    expect(empty.status).toBe(422)
  })

  it('needs the concessions right, keeps other institutes out, and closes once decided', async () => {
    await addUser(t, { username: 'doc-none', password: 'doc-none-pass' })
    const none = await signIn(t, 'doc-none', 'doc-none-pass')
    expect((await upload(pdf(), 'x.pdf', none)).status).toBe(403)
    expect((await asUser(t, none, 'GET', `${path}/${concession.id}/document`)).status).toBe(403)
    await addUser(t, {
      username: 'doc-other',
      password: 'doc-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'doc-other', 'doc-other-pass')
    expect((await upload(pdf(), 'x.pdf', other)).status).toBe(404)
    expect((await asUser(t, other, 'GET', `${path}/${concession.id}/document`)).status).toBe(404)

    await asUser(t, checker, 'POST', `${path}/${concession.id}/approve`, { note: 'Seen' })
    expect((await upload(pdf(), 'late.pdf')).status).toBe(409)
  })
})
