import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import { useState, type FormEvent } from 'react'
import { Field } from '../../components/form/Field.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { apiError } from '../../lib/http-error.ts'
import { navigateTo } from '../../lib/navigation.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { applicationPagePath } from '../../shared/public-pages.ts'
import type { AttachmentRequirement } from '../../shared/schemas/admission-forms.ts'
import { typedConfirmation, useDateTyping, type ConfirmationProblem } from './confirmation.ts'
import { AttachmentField, BlobImage } from './controls.tsx'
import { sniffType } from '../../shared/file-type.ts'
import { attachmentProblem, formatBytes, refusedForItself, safeFileName } from './draft-data.ts'
import { typeNames, useFileProblem, useUploadRefusal } from './file-messages.ts'
import {
  settleKeptUpload,
  useKeptRefusals,
  useSubmittedPhone,
  type KeptRefusal,
} from './kept-on-device.ts'
import { useAttachmentUploads } from './mutations.ts'
import { applicationQuery } from './queries.ts'
import './admission.css'

const final = ['rejected', 'enrolled']

type Outcome =
  { ok: true } | { ok: false; field: 'confirm' | 'file' | 'form'; message: string; stop: boolean }

/** `/…/attachment`: upload or replace each attachment, after confirming the phone or birth date. */
export function AttachmentPage({
  institute,
  formId,
  temporaryId,
}: {
  institute: string
  formId: string
  temporaryId: string
}) {
  const { t } = useLingui()
  const { translate, refusalText } = useServerErrors()
  const fileProblem = useFileProblem()
  const uploadRefusal = useUploadRefusal()
  const { order, example } = useDateTyping()
  const confirmProblems: Record<ConfirmationProblem, string> = {
    missing: t`Enter the phone number or date of birth given on the form.`,
    no_such_day: t`There is no such date. Write the date of birth like ${example}.`,
    shape: t`Enter the phone number, or the date of birth like ${example}.`,
  }
  const uploads = useAttachmentUploads(institute, temporaryId)
  const { data: app } = useSuspenseQuery(applicationQuery(institute, temporaryId))
  const backToApplication = applicationPagePath(institute, formId, temporaryId)
  const uploaded = new Map(app.attachments.map((a) => [a.kind, a]))
  // Read from this device once the page is up: the phone it submitted the application with,
  // and the files of that submission the server refused (kept here to send again).
  const phone = useSubmittedPhone(temporaryId)
  const refused = useKeptRefusals(temporaryId)
  // Refusals a later upload has not made good yet.
  const refusedBy = new Map(refused.filter((r) => !uploaded.has(r.kind)).map((r) => [r.kind, r]))
  // A refused file kept on this device is chosen already (unless the applicant chose another),
  // unless the file itself was the problem: sending it again is one press of "Upload".
  const [kept, setKept] = useState(() => ({ from: refused, files: keptFiles(refusedBy) }))
  const [files, setFiles] = useState<Record<string, File>>(kept.files)
  if (kept.from !== refused) {
    const found = keptFiles(refusedBy)
    setKept({ from: refused, files: found })
    setFiles((now) => ({ ...found, ...now }))
  }
  // Untouched, the field shows the phone this device submitted with, once read.
  const [typed, setConfirm] = useState<string>()
  const confirm = typed ?? phone ?? ''
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [done, setDone] = useState<Record<string, boolean>>({})
  // Refusals the applicant has acted on (chosen a file, or sent one): no longer shown.
  const [answered, setAnswered] = useState<Record<string, boolean>>({})
  const [busy, setBusy] = useState(false)
  const closed = final.includes(app.status)
  const refusalOf = (req: AttachmentRequirement) => {
    const refusal = refusedBy.get(req.kind)
    return refusal && !answered[req.kind] ? uploadRefusal(refusal.result, req) : undefined
  }

  /** One PUT; the server judges the file and the confirmation (a phone, or YYYY-MM-DD). */
  const upload = async (
    req: AttachmentRequirement,
    file: File,
    confirmation: string,
  ): Promise<Outcome> => {
    const type = sniffType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))
    const problem = attachmentProblem(req, { type, size: file.size })
    if (problem || !type) {
      return { ok: false, field: 'file', message: fileProblem(problem ?? 'type', req), stop: false }
    }
    try {
      await uploads.upload(req.kind, confirmation, file, safeFileName(file.name, req.kind, type))
      return { ok: true }
    } catch (err) {
      if (!(err instanceof HTTPError)) {
        return {
          ok: false,
          field: 'form',
          message: t`The file could not be sent. Check your connection and try again.`,
          stop: true,
        }
      }
      const status = err.response.status
      const answer = apiError(err)
      if (status === 403) {
        return {
          ok: false,
          field: 'confirm',
          message: t`This does not match the phone number or date of birth given on the form.`,
          stop: true,
        }
      }
      if (status === 429) {
        return {
          ok: false,
          field: 'confirm',
          message: t`Too many attempts. Wait a few minutes and try again.`,
          stop: true,
        }
      }
      if (status === 409) {
        return {
          ok: false,
          field: 'form',
          message: t`This application can no longer be changed.`,
          stop: true,
        }
      }
      if (status === 413) {
        return { ok: false, field: 'file', message: fileProblem('size', req), stop: false }
      }
      const confirmRefused = status === 422 ? answer?.fields?.confirm?.[0] : undefined
      if (confirmRefused) {
        return { ok: false, field: 'confirm', message: translate(confirmRefused), stop: true }
      }
      const message = answer?.fields?.file?.[0] ?? answer?.fields?.kind?.[0]
      return {
        ok: false,
        field: 'file',
        message: message
          ? translate(message)
          : (refusalText(err) ?? t`The file could not be uploaded.`),
        stop: false,
      }
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const chosen = app.attachmentRequirements.filter((r) => files[r.kind] && !done[r.kind])
    const next: Record<string, string | undefined> = {}
    const confirmation = typedConfirmation(confirm, order)
    if ('problem' in confirmation) next.confirm = confirmProblems[confirmation.problem]
    if (chosen.length === 0) next.form = t`Choose a file to upload first.`
    if (next.confirm || next.form || !('send' in confirmation)) {
      setErrors(next)
      return
    }
    setBusy(true)
    setErrors({})
    setAnswered((now) => ({ ...now, ...Object.fromEntries(chosen.map((r) => [r.kind, true])) }))
    let allSent = true
    try {
      for (const req of chosen) {
        const outcome = await upload(req, files[req.kind]!, confirmation.send)
        if (outcome.ok) {
          setDone((now) => ({ ...now, [req.kind]: true }))
          // The institute has the file now: this device need not keep the refused one.
          if (refusedBy.has(req.kind)) {
            await settleKeptUpload(temporaryId, req.kind).catch((err: unknown) => {
              console.error('the refused file could not be removed from this device', err)
            })
          }
          continue
        }
        allSent = false
        const key = outcome.field === 'file' ? req.kind : outcome.field
        setErrors((now) => ({ ...now, [key]: outcome.message }))
        if (outcome.stop) break
      }
    } finally {
      setBusy(false)
      await uploads.refresh()
    }
    if (allSent) {
      void navigateTo(backToApplication, {
        toast: { variant: 'success', title: t`Attachments uploaded` },
      })
    }
  }

  return (
    <section className="admission-page">
      <header className="admission-header">
        <PageLink href={backToApplication} className="admission-institute admission-back">
          <span aria-hidden="true">←</span> <Trans>Back to your application</Trans>
        </PageLink>
        <h1>
          <Trans>Attachments</Trans>
        </h1>
        <p className="admission-form-title">{app.formTitle}</p>
        <p className="muted">
          <Trans>
            Choose a file for each attachment to add or replace. To change your application, confirm
            the phone number or date of birth given on the form.
          </Trans>
        </p>
      </header>
      {closed ? (
        <p className="card notice">
          <Trans>This application can no longer be changed.</Trans>
        </p>
      ) : (
        <form className="card admission-section" onSubmit={submit} noValidate>
          <Field
            label={<Trans>Phone number or date of birth given on the form</Trans>}
            hint={<Trans>A date of birth is written like {example}.</Trans>}
            name="confirm"
            autoComplete="tel"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => {
              setConfirm(e.target.value)
              setErrors((now) => ({ ...now, confirm: undefined }))
            }}
          />
          {app.attachmentRequirements.map((req) => (
            <UploadField
              key={req.kind}
              requirement={req}
              current={uploaded.get(req.kind)?.fileName}
              file={files[req.kind]}
              kept={Boolean(files[req.kind]) && files[req.kind] === kept.files[req.kind]}
              sent={Boolean(done[req.kind])}
              error={errors[req.kind] ?? refusalOf(req)}
              onChoose={(file) => {
                setAnswered((now) => ({ ...now, [req.kind]: true }))
                setFiles((now) => {
                  const next = { ...now }
                  if (file) next[req.kind] = file
                  else delete next[req.kind]
                  return next
                })
                setDone((now) => ({ ...now, [req.kind]: false }))
                setErrors((now) => ({ ...now, [req.kind]: undefined, form: undefined }))
              }}
            />
          ))}
          {errors.form && (
            <p className="notice notice-error" role="alert">
              {errors.form}
            </p>
          )}
          <SubmitButton busy={busy} className="button button-primary button-block">
            {busy ? <Trans>Uploading…</Trans> : <Trans>Upload</Trans>}
          </SubmitButton>
        </form>
      )}
      <PageLink href={backToApplication} className="button button-outline button-block">
        <Trans>Back to your application</Trans>
      </PageLink>
    </section>
  )
}

/** The refused files this device still keeps, as files to send again. */
function keptFiles(refusedBy: Map<string, KeptRefusal>): Record<string, File> {
  return Object.fromEntries(
    [...refusedBy.values()].flatMap((r) =>
      r.file && !refusedForItself(r.result)
        ? [[r.kind, new File([r.file.blob], r.file.name, { type: r.file.type })] as const]
        : [],
    ),
  )
}

function UploadField({
  requirement,
  current,
  file,
  kept,
  sent,
  error,
  onChoose,
}: {
  requirement: AttachmentRequirement
  current: string | undefined
  file: File | undefined
  /** The file is the one kept on this device from the application's own sending. */
  kept: boolean
  sent: boolean
  error: string | undefined
  onChoose: (file: File | undefined) => void
}) {
  const { i18n } = useLingui()
  const types = requirement.types.map((type) => typeNames[type]).join(', ')
  return (
    <AttachmentField
      requirement={requirement}
      label={
        <>
          {requirement.label}
          {!requirement.required && (
            <span className="optional">
              {' '}
              <Trans>(optional)</Trans>
            </span>
          )}
        </>
      }
      hint={
        <>
          {' · '}
          {current ? <Trans>Uploaded: {current}</Trans> : <Trans>Not uploaded yet</Trans>}
        </>
      }
      error={error}
      onChange={(e) => onChoose(e.currentTarget.files?.[0])}
    >
      {file && (
        <div className="kept-file">
          {file.type.startsWith('image/') ? (
            <BlobImage blob={file} alt="" />
          ) : (
            <span className="file-badge" aria-hidden="true">
              {types}
            </span>
          )}
          <span className="kept-file-name">
            <span className="ellipsis">{file.name}</span>
            <small className="muted">
              {formatBytes(file.size, i18n.locale)}
              {kept && !sent && (
                <>
                  {' · '}
                  <Trans>Kept on this device</Trans>
                </>
              )}
              {sent && (
                <>
                  {' · '}
                  <Trans>Uploaded</Trans>
                </>
              )}
            </small>
          </span>
        </div>
      )}
    </AttachmentField>
  )
}
