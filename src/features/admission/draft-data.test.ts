import { describe, expect, it } from 'vitest'
import type { PublicAdmissionForm } from '../../shared/schemas/admission-forms.ts'
import {
  attachmentProblem,
  emptyFields,
  formatBytes,
  hasContent,
  localDate,
  missingAttachments,
  newDraftData,
  readDraftData,
  refusalProblem,
  refusedForItself,
  safeFileName,
  validateApplication,
} from './draft-data.ts'

const form: Pick<PublicAdmissionForm, 'questions' | 'requiredFields'> = {
  requiredFields: ['applicantName', 'phone', 'dateOfBirth'],
  questions: [
    { id: 'shift', label: 'Shift', kind: 'choice', required: true, options: ['Morning', 'Day'] },
    { id: 'siblings', label: 'Siblings', kind: 'number', required: false, options: [] },
  ],
}

describe('validateApplication', () => {
  it('names each failing field as the server does', () => {
    const result = validateApplication(form, {
      fields: { ...emptyFields(), phone: '12' },
      answers: { siblings: 'two' },
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual({
      'fields.applicantName': { code: 'applicant_name_required' },
      'fields.dateOfBirth': { code: 'required' },
      'fields.phone': { code: 'phone_shape' },
      'answers.shift': { code: 'answer_required' },
      'answers.siblings': { code: 'answer_mismatch' },
    })
  })

  it('gives the trimmed body to send, with an answer for every question', () => {
    const result = validateApplication(form, {
      fields: {
        ...emptyFields(),
        applicantName: '  Asha  ',
        phone: '+880 1711 000111',
        dateOfBirth: '2015-02-03',
      },
      answers: { shift: 'Day', stray: 'x' },
    })
    expect(result).toEqual({
      ok: true,
      body: {
        fields: {
          ...emptyFields(),
          applicantName: 'Asha',
          phone: '+880 1711 000111',
          dateOfBirth: '2015-02-03',
        },
        answers: { shift: 'Day', siblings: '' },
      },
    })
  })
})

describe('attachments', () => {
  const photo = { types: ['image/jpeg' as const, 'image/png' as const], maxBytes: 2048 }

  it('judges a file by its sniffed type and its size', () => {
    expect(attachmentProblem(photo, { type: 'image/png', size: 2048 })).toBeUndefined()
    expect(attachmentProblem(photo, { type: 'application/pdf', size: 10 })).toBe('type')
    expect(attachmentProblem(photo, { type: undefined, size: 10 })).toBe('type')
    expect(attachmentProblem(photo, { type: 'image/jpeg', size: 2049 })).toBe('size')
    expect(attachmentProblem(photo, { type: 'image/jpeg', size: 0 })).toBe('empty')
  })

  it('lists required attachments without a file', () => {
    const reqs = [
      { kind: 'photo', required: true },
      { kind: 'birth', required: true },
      { kind: 'extra', required: false },
    ]
    expect(missingAttachments(reqs, { photo: {} })).toEqual({ birth: 'missing' })
  })

  it('makes a file name the server takes', () => {
    expect(safeFileName('IMG_0001.jpg', 'photo', 'image/jpeg')).toBe('IMG_0001.jpg')
    expect(safeFileName('../../etc/passwd', 'photo', 'image/jpeg')).toBe('._._etc_passwd')
    expect(safeFileName('a\u0000b.pdf', 'birth', 'application/pdf')).toBe('ab.pdf')
    expect(safeFileName('  ', 'photo', 'image/png')).toBe('photo.png')
    const long = safeFileName(`${'x'.repeat(300)}.jpeg`, 'photo', 'image/jpeg')
    expect(long).toHaveLength(200)
    expect(long.endsWith('.jpeg')).toBe(true)
    // What the server refuses once it drops invisible characters, or where a cut meets the dot.
    expect(safeFileName('a.\u200b.pdf', 'birth', 'application/pdf')).toBe('a.pdf')
    const cut = safeFileName(`${'x'.repeat(194)}.${'y'.repeat(50)}.jpeg`, 'photo', 'image/jpeg')
    expect(cut).toHaveLength(200)
    expect(cut).not.toContain('..')
  })

  it('shows sizes in the language’s units', () => {
    expect(formatBytes(2 * 1024 * 1024, 'en')).toBe('2 MB')
    expect(formatBytes(1536 * 1024, 'en')).toBe('1.5 MB')
    expect(formatBytes(300 * 1024, 'en')).toBe('300 kB')
    expect(formatBytes(1536 * 1024, 'de')).toBe('1,5 MB')
  })
})

describe('stored drafts', () => {
  it('reads what an older or broken write left as a usable draft', () => {
    expect(readDraftData(undefined, 5)).toEqual(newDraftData(5))
    expect(readDraftData({ fields: { applicantName: 'A', unknown: 'x' } }, 5)).toEqual({
      ...newDraftData(5),
      form: undefined,
      fields: { ...emptyFields(), applicantName: 'A' },
    })
    expect(readDraftData({ submission: { state: 'exploded' } }, 5).submission).toEqual({
      state: 'editing',
    })
  })

  it('knows an empty draft from one with work in it', () => {
    expect(hasContent(newDraftData(0))).toBe(false)
    expect(hasContent({ ...newDraftData(0), answers: { shift: 'Day' } })).toBe(true)
    expect(hasContent({ ...newDraftData(0), fields: { ...emptyFields(), email: ' ' } })).toBe(false)
  })

  it('reads a date-only value as that day wherever the device is', () => {
    const d = localDate('2026-03-01')
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2026, 2, 1])
  })

  it('tells a refusal of the file itself from one that sending it again may mend', () => {
    const refused = (code: string, status = 422) => refusalProblem({ error: { code }, status })
    expect(refused('file_type')).toBe('type')
    expect(refused('file_too_large')).toBe('size')
    expect(refusalProblem({ status: 413 })).toBe('size')
    expect(refused('file_empty')).toBe('empty')
    expect(refused('confirmation_failed', 403)).toBe(undefined)
    expect(refused('application_locked', 409)).toBe(undefined)
    expect(refusalProblem({ error: 'missing' })).toBe(undefined)
    expect(refusalProblem({})).toBe(undefined)
  })

  it('counts a refusal of the file by its content as one of the file itself', () => {
    const itself = (code: string, status = 422) => refusedForItself({ error: { code }, status })
    expect(itself('image_too_large')).toBe(true)
    expect(itself('file_active_content')).toBe(true)
    expect(itself('file_too_large')).toBe(true)
    expect(itself('application_locked', 409)).toBe(false)
    expect(refusedForItself({})).toBe(false)
  })
})
