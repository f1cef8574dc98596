import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AdmissionFormInputSchema,
  type AdmissionForm,
} from '../../../shared/schemas/admission-forms.ts'
import {
  bytesToMb,
  mbToBytes,
  monthLater,
  newAttachment,
  newQuestion,
  suggestKey,
  toDraft,
  toInput,
} from './form-draft.ts'

const parseFee = (text: string) =>
  text.trim() === '' ? 0 : /^\d+$/.test(text) ? Number(text) : undefined

describe('suggestKey', () => {
  it('turns a label into a key the schema accepts', () => {
    expect(suggestKey('Blood group', [], 'question')).toBe('blood-group')
    expect(suggestKey('  Élève   précédent!? ', [], 'question')).toBe('eleve-precedent')
    expect(suggestKey('--Hobbies--', [], 'question')).toBe('hobbies')
  })
  it('falls back when nothing of the label is usable, and avoids taken keys', () => {
    expect(suggestKey('রক্তের গ্রুপ', [], 'question')).toBe('question')
    expect(suggestKey('Photo', ['photo', 'photo-2'], 'attachment')).toBe('photo-3')
  })
  it('never makes a key the schema refuses', () => {
    expect(suggestKey('Constructor', [], 'question')).toBe('constructor-2')
  })
  it('stays within 40 characters', () => {
    const key = suggestKey('a'.repeat(80), ['a'.repeat(34)], 'question')
    expect(key.length).toBeLessThanOrEqual(40)
    expect(/^[a-z0-9][a-z0-9-]{0,39}$/.test(key)).toBe(true)
  })
})

describe('megabytes', () => {
  it('parses with either separator and refuses anything else', () => {
    expect(mbToBytes('2')).toBe(2 * 1024 * 1024)
    expect(mbToBytes('0,5')).toBe(512 * 1024)
    expect(mbToBytes('.5')).toBe(512 * 1024)
    expect(mbToBytes('abc')).toBeUndefined()
    expect(mbToBytes('-1')).toBeUndefined()
    expect(mbToBytes('')).toBeUndefined()
  })
  it('shows bytes in the user’s notation', () => {
    expect(bytesToMb(1536 * 1024, ',')).toBe('1,5')
    expect(bytesToMb(10 * 1024 * 1024, '.')).toBe('10')
  })
})

describe('drafts', () => {
  const form: AdmissionForm = {
    id: 'f1',
    title: 'Class 6',
    academicSession: '2026',
    className: 'Six',
    groupName: '',
    academicSessionId: '0b0f5a52-8a7c-4c55-9d41-1d3b0c6f2a01',
    classId: '0b0f5a52-8a7c-4c55-9d41-1d3b0c6f2a02',
    groupId: null,
    opensOn: '2026-01-01',
    closesOn: '2026-02-01',
    fee: 50000,
    requiredFields: ['applicantName', 'phone', 'dateOfBirth'],
    questions: [
      { id: 'blood', label: 'Blood group', kind: 'choice', required: true, options: ['A', 'B'] },
    ],
    attachments: [
      {
        kind: 'photo',
        label: 'Photo',
        required: true,
        types: ['image/jpeg'],
        maxBytes: 500_000,
      },
    ],
    instructions: '',
    published: false,
    closed: false,
    accepting: false,
    counts: {},
    createdAt: '',
    updatedAt: '',
  }

  it('keeps an existing form as it was when nothing is changed', () => {
    const draft = toDraft(form, String, '.', '2026-01-01')
    const { input, unparsed } = toInput(draft, parseFee)
    expect(unparsed).toEqual([])
    const parsed = v.parse(AdmissionFormInputSchema, input)
    expect(parsed.questions).toEqual(form.questions)
    expect(parsed.attachments).toEqual(form.attachments)
    expect(parsed.fee).toBe(50000)
  })

  it('a new form is valid once its texts are filled; options only for choices', () => {
    const draft = toDraft(undefined, String, '.', '2026-03-01')
    draft.title = 'Admission 2027'
    draft.academicSessionId = '0b0f5a52-8a7c-4c55-9d41-1d3b0c6f2a03'
    draft.classId = '0b0f5a52-8a7c-4c55-9d41-1d3b0c6f2a04'
    draft.questions = [
      { ...newQuestion(), id: 'why', label: 'Why us?', options: 'left\nover' },
      { ...newQuestion(), id: 'bus', label: 'Bus', kind: 'choice', options: ' Yes \n\nNo\n' },
    ]
    draft.attachments = [{ ...newAttachment(), kind: 'photo', label: 'Photo' }]
    const { input, unparsed } = toInput(draft, parseFee)
    expect(unparsed).toEqual([])
    const parsed = v.parse(AdmissionFormInputSchema, input)
    expect(parsed.questions[0]?.options).toEqual([])
    expect(parsed.questions[1]?.options).toEqual(['Yes', 'No'])
    expect(parsed.requiredFields).toEqual(['applicantName', 'phone'])
    expect(parsed.fee).toBe(0)
  })

  it('a new form opens today and closes a month later', () => {
    expect(toDraft(undefined, String, '.', '2026-03-14')).toMatchObject({
      opensOn: '2026-03-14',
      closesOn: '2026-04-14',
    })
    expect(monthLater('2026-01-31')).toBe('2026-02-28')
    expect(monthLater('2028-01-30')).toBe('2028-02-29')
    expect(monthLater('2026-12-20')).toBe('2027-01-20')
  })

  it('names what does not parse', () => {
    const draft = toDraft(undefined, String, '.', '2026-03-01')
    draft.fee = '12x'
    draft.attachments = [{ ...newAttachment(), maxMb: 'big' }]
    expect(toInput(draft, parseFee).unparsed).toEqual(['fee', 'attachments.0.maxBytes'])
  })
})
