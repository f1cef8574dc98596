import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { subscribe, useSnapshot, type Snapshot } from 'valtio'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { useFormat } from '../../lib/format.ts'
import { navigateTo } from '../../lib/navigation.ts'
import { offlineDbPresent } from '../../lib/offline-db-presence.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { applicationPagePath, institutePagePath } from '../../shared/public-pages.ts'
import type { PublicAdmissionForm } from '../../shared/schemas/admission-forms.ts'
import { ApplicationForm } from './ApplicationForm.tsx'
import { FormFacts } from './FormFacts.tsx'
import { hasContent, isInFlight, type Submission } from './draft-data.ts'
import { DraftOffer } from './DraftOffer.tsx'
import { draftSession, persistence } from './draft-store.ts'
import type { DraftSession } from './draft-state.ts'
import { publicFormQuery } from './queries.ts'
import { useStartOver } from './use-start-over.ts'
import './admission.css'

/**
 * `/admission/$institute/$formId`: the form, the draft kept on this device, its submission. The
 * form renders at once from the form alone (the same on the server and in the browser); the
 * draft kept on this device comes with its persistence after the page is up, and an unsent one
 * is offered back over the form.
 */
export function FormPage({ institute, formId }: { institute: string; formId: string }) {
  const { data: form } = useSuspenseQuery(publicFormQuery(institute, formId))
  const session = useMemo(() => draftSession(institute, formId, form), [institute, formId, form])
  useEffect(() => {
    const open = () => {
      stop?.()
      persistence(session).catch((err: unknown) => {
        console.error('the admission draft could not be opened', err)
      })
    }
    // Nothing kept on this device yet: the draft starts being kept with its first change (or
    // at once, when the applicant typed before the page's scripts ran).
    let stop: (() => void) | undefined
    let ended = false
    void offlineDbPresent().then((present) => {
      if (ended) return
      if (present || hasContent(session.state)) open()
      else stop = subscribe(session.state, open)
    })
    return () => {
      ended = true
      stop?.()
    }
  }, [session])
  const { offer, submission, following } = useSnapshot(session.state)
  const { temporaryId } = submission
  const sent = submission.state === 'sent'

  // Sent from this page (or from an earlier visit's queue): on to the application.
  useEffect(() => {
    if (!sent || !following || !temporaryId) return
    void navigateTo(applicationPagePath(institute, formId, temporaryId)).finally(() => {
      session.state.following = false
    })
  }, [sent, following, temporaryId, session, institute, formId])

  let body
  if (isInFlight(submission) || (sent && following)) {
    body = <SubmissionStatus submission={submission} />
  } else if (sent) {
    body = (
      <SentApplication
        session={session}
        submission={submission}
        institute={institute}
        formId={formId}
      />
    )
  } else if (!form.accepting) {
    body = (
      <p className="card notice">
        <Trans>This form is not taking applications now.</Trans>
      </p>
    )
  } else body = <ApplicationForm session={session} form={form} />

  return (
    <section className="admission-page">
      <FormHeader form={form} />
      {body}
      {offer && <DraftOffer session={session} updatedAt={offer.updatedAt} />}
    </section>
  )
}

/** The institute, the form's title and what applicants need to know before they start. */
function FormHeader({ form }: { form: PublicAdmissionForm }) {
  return (
    <header className="admission-header">
      <PageLink href={institutePagePath(form.institute.slug)} className="admission-institute">
        {form.institute.logo && <InstituteLogo logo={form.institute.logo} height={48} />}
        {form.institute.name}
      </PageLink>
      <h1>{form.title}</h1>
      <FormFacts form={form} institute={form.institute} />
      {form.instructions && <p className="admission-instructions">{form.instructions}</p>}
    </header>
  )
}

/** "Waiting for connection", "Sending…", "Sent": where a queued submission is. */
function SubmissionStatus({ submission }: { submission: Snapshot<Submission> }) {
  const { t } = useLingui()
  const online = useOnlineStatus()
  const waiting = submission.state === 'waiting' || (submission.state === 'queued' && !online)
  const sent = submission.state === 'sent'
  const phase = sent ? 'sent' : waiting ? 'waiting' : 'sending'
  const label = sent ? t`Sent` : waiting ? t`Waiting for connection` : t`Sending…`
  let detail
  if (sent) detail = t`Your application has reached the institute.`
  else if (waiting && submission.waitingFor === 'server' && online) {
    detail = t`The institute’s server could not take it just now. It will be sent again automatically.`
  } else if (waiting) {
    detail = t`Your application is saved on this device and will be sent automatically when you are back online. You can close this page.`
  } else if (submission.temporaryId) detail = t`Your application has arrived; sending your files.`
  else detail = t`Your application is on its way.`
  return (
    <div className={`card submission-status submission-${phase}`}>
      <p role="status" className="submission-state" data-testid="submission-state">
        <span className="submission-dot" aria-hidden="true" />
        {label}
      </p>
      <p className="muted">{detail}</p>
      {waiting && online && (
        <button
          type="button"
          className="button button-outline"
          onClick={() => void import('./outbox-triggers.ts').then((m) => m.requestReplay())}
        >
          <Trans>Try again now</Trans>
        </button>
      )}
    </div>
  )
}

/** A form opened again after its application was sent from this device. */
function SentApplication({
  session,
  submission,
  institute,
  formId,
}: {
  session: DraftSession
  submission: Snapshot<Submission>
  institute: string
  formId: string
}) {
  const { dateTime } = useFormat()
  const { busy, startOver } = useStartOver(session)
  const when = submission.sentAt ? dateTime(submission.sentAt) : undefined
  return (
    <div className="card submission-status submission-sent">
      <h2>
        <Trans>Your application was sent</Trans>
      </h2>
      {when && (
        <p className="muted">
          <Trans>Sent from this device on {when}.</Trans>
        </p>
      )}
      <div className="admission-actions">
        {submission.temporaryId && (
          <PageLink
            href={applicationPagePath(institute, formId, submission.temporaryId)}
            className="button button-primary"
          >
            <Trans>View your application</Trans>
          </PageLink>
        )}
        <button
          type="button"
          className="button button-outline"
          disabled={busy}
          onClick={() => void startOver()}
        >
          <Trans>Start a new application</Trans>
        </button>
      </div>
    </div>
  )
}
