import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PublicAdmissionForm } from '../../shared/schemas/admission-forms.ts'
import { ApplicationForm } from './ApplicationForm.tsx'
import { draftSession } from './draft-store.ts'

/*
 * The form as the server renders it (Vitest runs in Node: no window, no offline database): from
 * the form alone, at once, and with nothing that only the browser knows, so that the browser's
 * first render of the same form matches it.
 */

const form: PublicAdmissionForm = {
  id: 'form-1',
  title: 'Class One admission',
  academicSession: '2027',
  className: 'One',
  groupName: '',
  opensOn: '2026-01-01',
  closesOn: '2027-01-01',
  fee: 0,
  requiredFields: ['applicantName', 'dateOfBirth'],
  questions: [
    { id: 'shift', label: 'Which shift?', kind: 'choice', required: true, options: ['Morning'] },
  ],
  attachments: [
    {
      kind: 'photo',
      label: 'Photo of the applicant',
      required: true,
      types: ['image/png'],
      maxBytes: 1_000_000,
    },
  ],
  instructions: '',
  accepting: true,
  institute: { slug: 'demo-school', name: 'Demo School', currency: 'BDT' },
}

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const render = () =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ApplicationForm session={draftSession('demo-school', form.id, form)} form={form} />
    </I18nProvider>,
  )

describe('the application form on the server', () => {
  it('renders every field, question and attachment from the form alone', () => {
    const html = render()
    for (const label of [
      'full name',
      'Date of birth',
      'Phone number',
      'Which shift?',
      'Photo of the applicant',
    ]) {
      expect(html).toContain(label)
    }
    expect(html).toContain('Your answers are saved on this device as you type.')
  })

  it('leaves out what only the browser knows: today’s date as the latest date of birth', () => {
    const input = /<input[^>]*name="dateOfBirth"[^>]*>/.exec(render())?.[0]
    expect(input).toContain('type="date"')
    expect(input).not.toContain('max=')
  })

  it('gives each render a draft of its own, so nothing of one visitor reaches another', () => {
    const first = draftSession('demo-school', form.id, form)
    first.state.fields.applicantName = 'Asha'
    const second = draftSession('demo-school', form.id, form)
    expect(second).not.toBe(first)
    expect(second.state.fields.applicantName).toBe('')
    expect(render()).not.toContain('Asha')
  })
})
