import { setupI18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { messages as deErrors } from '../locales/de/errors.po'
import { messages as de } from '../locales/de/messages.po'
import { messages as deStaff } from '../locales/de/staff.po'
import type { Job } from '../shared/schemas/jobs.ts'
import { JobProgressView } from './JobProgress.tsx'

const job = (over: Partial<Job>): Job => ({
  id: 'job-1',
  kind: 'student-import',
  status: 'running',
  progress: { done: 3, total: 7 },
  result: null,
  error: null,
  attempts: 1,
  maxAttempts: 3,
  createdBy: null,
  createdAt: '2026-11-27T07:00:00.000Z',
  startedAt: '2026-11-27T07:00:01.000Z',
  finishedAt: null,
  ...over,
})

const render = (shown: Job, locale = 'en', messages: Messages = {}) =>
  renderToString(
    <I18nProvider i18n={setupI18n({ locale, messages: { [locale]: messages } })}>
      <JobProgressView job={shown} label="Importing students" onCancel={() => undefined} />
    </I18nProvider>,
  ).replaceAll('<!-- -->', '')

describe('JobProgress', () => {
  it('shows a running job’s share done as a named bar, its status, and a Cancel button', () => {
    const html = render(job({}))
    expect(html).toContain('aria-label="Importing students" max="100" value="43"')
    expect(html).toContain('aria-valuetext="3 of 7 (43%)"')
    expect(html).toContain('role="status"><span>Running</span> <span class="muted">3 of 7</span>')
    expect(html).toContain('aria-label="Cancel: Importing students"')
  })

  it('without a total yet, the bar is indeterminate and says how much is done', () => {
    const html = render(job({ status: 'queued', progress: { done: 0, total: null } }))
    expect(html).toContain(
      '<progress class="job-progress-bar" aria-label="Importing students" max="100" aria-valuetext="0 done">',
    )
    expect(html).toContain('Waiting to start')
  })

  it('a failed job says why in the user’s language, and cannot be cancelled', () => {
    const failed = job({
      status: 'failed',
      error: {
        code: 'job_interrupted',
        message: 'The task was interrupted too often and was stopped.',
      },
    })
    const english = render(failed)
    expect(english).toContain(
      'role="alert">The task was interrupted too often and was stopped.</p>',
    )
    expect(english).not.toContain('Cancel')
    const german = render(failed, 'de', { ...de, ...deStaff, ...deErrors })
    expect(german).toContain('Fehlgeschlagen')
    expect(german).toContain(
      'role="alert">Die Aufgabe wurde zu oft unterbrochen und wurde beendet.</p>',
    )
    expect(german).toContain('aria-valuetext="3 von 7 (43\u00a0%)"')
  })

  it('a finished job shows a full bar and no Cancel button', () => {
    const html = render(job({ status: 'succeeded', progress: { done: 7, total: 7 } }))
    expect(html).toContain('value="100"')
    expect(html).toContain('Finished')
    expect(html).not.toContain('Cancel')
  })
})
