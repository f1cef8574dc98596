import { describe, expect, it } from 'vitest'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import { applicantAttachments } from '../../db/schema/admission.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'
import {
  insertApplicant,
  insertForm,
  signedInAs,
  signedInWithRules,
} from '../../test-support/admission.ts'
import {
  applicantSuite,
  applicantsPath as base,
  type ApplicantSuite,
} from '../../test-support/admission-staff.ts'

// One applicant as staff see it, their attachments, and the decisions on it.
describe('applicants (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  let form: ApplicantSuite['form']
  let post: ApplicantSuite['post']
  let stepOk: ApplicantSuite['stepOk']
  let auditsOf: ApplicantSuite['auditsOf']
  applicantSuite((s) => ({ t, officer, instituteId, form, post, stepOk, auditsOf } = s))

  it('shows one applicant with the form’s questions, attachments and decision', async () => {
    const applicant = await insertApplicant(t, form, {
      name: 'Tahmid Rahman',
      fields: { previousSchool: 'Sunrise Kindergarten' },
      answers: { shift: 'Day', hobby: 'Drawing' },
    })
    const [photo] = await t.database.db
      .insert(applicantAttachments)
      .values({
        instituteId,
        applicantId: applicant.id,
        kind: 'photo',
        fileName: 'tahmid.jpg',
        contentType: 'image/jpeg',
        size: 4,
        sha256: 'x'.repeat(64),
        storageKey: `admission/${instituteId}/${applicant.id}/photo-1`,
      })
      .returning()
    await stepOk(applicant.id, 'accept', { note: 'Good interview' })
    const res = await asUser(t, officer, 'GET', `${base}/${applicant.id}`)
    expect(res.status).toBe(200)
    const detail = (await res.json()) as Applicant
    expect(detail).toMatchObject({
      id: applicant.id,
      temporaryId: applicant.temporaryId,
      formId: form.id,
      formTitle: 'Class Six admission 2028',
      status: 'accepted',
      fee: 25000,
      fields: {
        applicantName: 'Tahmid Rahman',
        dateOfBirth: '2020-03-15',
        gender: 'female',
        fatherName: 'Abdul Karim',
        motherName: 'Rokeya Begum',
        guardianName: 'Abdul Karim',
        phone: '+8801711000001',
        email: '',
        address: 'House 12, Road 5, Dhaka',
        previousSchool: 'Sunrise Kindergarten',
      },
      answers: { shift: 'Day', hobby: 'Drawing' },
      questions: [{ id: 'shift', kind: 'choice' }, { id: 'hobby' }],
      attachmentRequirements: [{ kind: 'photo', label: 'Photo', required: true }],
      attachmentCount: 1,
      attachments: [
        {
          id: photo!.id,
          kind: 'photo',
          label: 'Photo',
          fileName: 'tahmid.jpg',
          contentType: 'image/jpeg',
          size: 4,
        },
      ],
      decisionNote: 'Good interview',
      decidedBy: 'User officer',
      studentId: null,
      studentCode: null,
    })
    expect(Date.parse(detail.decidedAt!)).toBeGreaterThan(Date.now() - 60_000)

    expect((await asUser(t, officer, 'GET', `${base}/not-an-id`)).status).toBe(404)
    const foreign = await insertApplicant(
      t,
      await insertForm(t, (await addInstitute(t, 'x-det')).id),
    )
    const hidden = await asUser(t, officer, 'GET', `${base}/${foreign.id}`)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).not.toContain(foreign.temporaryId)
    for (const step of ['review', 'accept', 'reject', 'enrol']) {
      const res = await post(foreign.id, step, { note: 'x' })
      expect(res.status, step).toBe(404)
    }
  })

  it('moves through review, acceptance and rejection, refusing the wrong order with 409', async () => {
    const applicant = await insertApplicant(t, form, { status: 'fee_due' })
    expect((await stepOk(applicant.id, 'review')).status).toBe('under_review')
    // Reviewing again is harmless.
    expect((await stepOk(applicant.id, 'review')).status).toBe('under_review')

    const early = await post(applicant.id, 'enrol')
    expect(early.status).toBe(409)
    expect(await early.json()).toMatchObject({
      code: 'invalid_status',
      values: { status: 'under_review', action: 'enrol' },
      message: 'An applicant whose status is under_review cannot be enrolled.',
    })

    const accepted = await stepOk(applicant.id, 'accept')
    expect(accepted).toMatchObject({
      status: 'accepted',
      decisionNote: '',
      decidedBy: 'User officer',
    })
    for (const step of ['review', 'accept']) {
      const res = await post(applicant.id, step)
      expect(res.status, step).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'invalid_status' })
    }
    // A rejection needs its reason.
    const noReason = await post(applicant.id, 'reject', { note: ' ' })
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      errors: { note: ['Please give the reason for the rejection.'] },
    })
    const rejected = await stepOk(applicant.id, 'reject', { note: 'Seats are full' })
    expect(rejected).toMatchObject({ status: 'rejected', decisionNote: 'Seats are full' })
    for (const [step, body] of [
      ['review', undefined],
      ['accept', {}],
      ['reject', { note: 'again' }],
      ['enrol', undefined],
    ] as const) {
      const res = await post(applicant.id, step, body)
      expect(res.status, step).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'invalid_status' })
    }

    const audits = await auditsOf(applicant.id)
    expect(audits.map((a) => [a.area, a.action, a.before, a.after])).toEqual([
      ['admission', 'review', { status: 'fee_due' }, { status: 'under_review' }],
      ['admission', 'review', { status: 'under_review' }, { status: 'under_review' }],
      ['admission', 'accept', { status: 'under_review' }, { status: 'accepted', note: '' }],
      [
        'admission',
        'reject',
        { status: 'accepted' },
        { status: 'rejected', note: 'Seats are full' },
      ],
    ])
  })

  it('serves an attachment to staff as a download with its sniffed type', async () => {
    const applicant = await insertApplicant(t, form)
    const key = `admission/${instituteId}/${applicant.id}/3f9a6c1e-0d5b-4c7a-9e2f-1b8d7c6a5e4f`
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])
    await t.app.services.files.put(key, jpeg)
    const [file] = await t.database.db
      .insert(applicantAttachments)
      .values({
        instituteId,
        applicantId: applicant.id,
        kind: 'photo',
        fileName: 'ছবি "me".jpg',
        contentType: 'image/jpeg',
        size: jpeg.byteLength,
        sha256: 'a'.repeat(64),
        storageKey: key,
      })
      .returning()
    const path = `${base}/${applicant.id}/attachments/${file!.id}`
    const res = await asUser(t, officer, 'GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="___ _me_.jpg"; filename*=UTF-8''${encodeURIComponent('ছবি "me".jpg')}`,
    )
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg)

    // Through another applicant's address, or once the bytes are gone: not found.
    const other = await insertApplicant(t, form)
    expect(
      (await asUser(t, officer, 'GET', `${base}/${other.id}/attachments/${file!.id}`)).status,
    ).toBe(404)
    expect((await asUser(t, officer, 'GET', `${base}/${applicant.id}/attachments/x`)).status).toBe(
      404,
    )
    await t.app.services.files.delete(key)
    const gone = await asUser(t, officer, 'GET', path)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({
      code: 'attachment_not_found',
      message: 'No such attachment',
    })
  })

  it('shows an attachment inline to staff with admission rights, sandboxed, and nobody else', async () => {
    const storeFile = async (owner: { id: string; instituteId: string }, name: string) => {
      const key = `admission/${owner.instituteId}/${owner.id}/${crypto.randomUUID()}`
      const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
      await t.app.services.files.put(key, pdf)
      const [file] = await t.database.db
        .insert(applicantAttachments)
        .values({
          instituteId: owner.instituteId,
          applicantId: owner.id,
          kind: 'photo',
          fileName: name,
          contentType: 'application/pdf',
          size: pdf.byteLength,
          sha256: 'b'.repeat(64),
          storageKey: key,
        })
        .returning()
      return { file: file!, pdf }
    }
    const applicant = await insertApplicant(t, form)
    const { file, pdf } = await storeFile(applicant, 'certificate.pdf')
    const preview = `${base}/${applicant.id}/attachments/${file.id}/preview`

    const res = await asUser(t, officer, 'GET', preview)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="certificate.pdf"; filename*=UTF-8''certificate.pdf`,
    )
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // Its own policy, not the app's: the file may run nothing and load nothing.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf)
    // The download has the same safety headers.
    const download = await asUser(t, officer, 'GET', preview.replace(/\/preview$/, ''))
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /)
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")

    const reader = await signedInWithRules(t, 'preview-reader', [
      { action: 'read', subject: 'admission' },
    ])
    expect((await asUser(t, reader, 'GET', preview)).status).toBe(200)
    const viewer = await signedInAs(t, 'preview-viewer', ['viewer'])
    const refused = await asUser(t, viewer, 'GET', preview)
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain('%PDF')
    expect((await t.app.request(preview)).status).toBe(401)

    // Another institute's file: not found, however it is addressed.
    const foreignForm = await insertForm(t, (await addInstitute(t, 'x-preview')).id)
    const foreign = await insertApplicant(t, foreignForm)
    const { file: foreignFile } = await storeFile(foreign, 'foreign.pdf')
    for (const owner of [foreign.id, applicant.id]) {
      const res = await asUser(
        t,
        officer,
        'GET',
        `${base}/${owner}/attachments/${foreignFile.id}/preview`,
      )
      expect(res.status, owner).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'attachment_not_found' })
    }
  })

  it('lets only those holding admission rights look, and only updaters decide', async () => {
    const applicant = await insertApplicant(t, form)
    const reader = await signedInWithRules(t, 'reader', [{ action: 'read', subject: 'admission' }])
    expect((await asUser(t, reader, 'GET', base)).status).toBe(200)
    expect((await asUser(t, reader, 'GET', `${base}/${applicant.id}`)).status).toBe(200)
    expect((await asUser(t, reader, 'GET', `${base}/export`)).status).toBe(200)
    for (const step of ['review', 'accept', 'reject', 'enrol']) {
      const res = await asUser(t, reader, 'POST', `${base}/${applicant.id}/${step}`, { note: 'x' })
      expect(res.status, step).toBe(403)
    }
    for (const role of ['accountant', 'viewer']) {
      const token = await signedInAs(t, `x-${role}`, [role])
      for (const path of [base, `${base}/export`, `${base}/${applicant.id}`]) {
        expect((await asUser(t, token, 'GET', path)).status, `${role} ${path}`).toBe(403)
      }
      expect((await asUser(t, token, 'POST', `${base}/${applicant.id}/review`)).status).toBe(403)
    }
    expect((await t.app.request(`${base}/export`)).status).toBe(401)
  })
})
