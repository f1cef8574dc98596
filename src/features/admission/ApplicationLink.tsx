import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent } from 'react'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useClientValue } from '../../lib/client-value.ts'
import { pageOrigin } from '../../lib/page-origin.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { applicationPagePath } from '../../shared/public-pages.ts'
import type { LinkChannel, PublicApplication } from '../../shared/schemas/admission-applications.ts'
import { useSendApplicationLink } from './mutations.ts'

/**
 * The short reference to quote to the office, and the ways to keep the page's address (the only
 * key to the application): copy it, share it, or have it sent to the phone or email given on
 * the application.
 */
export function ApplicationLink({
  application,
  formId,
}: {
  application: PublicApplication
  formId: string
}) {
  const { t } = useLingui()
  const { toastUnlessFieldError } = useServerErrors()
  const linkField = useRef<HTMLInputElement>(null)
  const [notice, setNotice] = useState('')
  const [channel, setChannel] = useState<LinkChannel>('sms')
  const { temporaryId, institute, shortReference } = application
  const { phone, email } = application.fields
  // The share sheet is the browser's: the server's HTML has none.
  const canShare = useClientValue(() => typeof navigator.share === 'function', false)
  const link = new URL(applicationPagePath(institute.slug, formId, temporaryId), pageOrigin()).href
  const send = useSendApplicationLink(institute.slug, temporaryId, {
    onSuccess: ({ channel, recipient }) =>
      setNotice(
        channel === 'sms'
          ? t`The link was sent by SMS to ${recipient}.`
          : t`The link was sent by email to ${recipient}.`,
      ),
    onError: (err) => toastUnlessFieldError(err, t`The link could not be sent`),
  })

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setNotice(t`The link is copied. Paste it somewhere you will find it again.`)
    } catch {
      // No clipboard here (an old browser, a page not served over https): copied by hand.
      linkField.current?.select()
      setNotice(t`Copy the selected address by hand.`)
    }
  }

  const share = async () => {
    try {
      await navigator.share({ title: application.formTitle, text: shortReference, url: link })
    } catch (err) {
      // Closing the share sheet is no failure.
      if ((err as Error).name !== 'AbortError') void copy()
    }
  }

  const sendLink = (e: FormEvent) => {
    e.preventDefault()
    setNotice('')
    send.mutate(channel)
  }

  return (
    <div className="card admission-section application-link">
      {shortReference && (
        <p className="short-reference">
          <span className="muted">
            <Trans>Your reference</Trans>
          </span>
          <strong data-testid="short-reference">{shortReference}</strong>
          <small className="muted">
            <Trans>Give it when you call or visit the office.</Trans>
          </small>
        </p>
      )}
      <div className="field">
        <label htmlFor="application-link">
          <Trans>Address of your application</Trans>
        </label>
        <input
          ref={linkField}
          id="application-link"
          readOnly
          value={link}
          aria-describedby="application-link-hint"
          onFocus={(e) => e.currentTarget.select()}
        />
        <small id="application-link-hint" className="muted">
          <Trans>
            This address is the only way back to your application, from any device. Keep it
            somewhere safe.
          </Trans>
        </small>
      </div>
      <div className="link-actions">
        <button type="button" className="button button-outline" onClick={() => void copy()}>
          <Trans>Copy link</Trans>
        </button>
        {canShare && (
          <button type="button" className="button button-outline" onClick={() => void share()}>
            <Trans>Share…</Trans>
          </button>
        )}
      </div>
      <form className="send-link" onSubmit={sendLink}>
        <fieldset>
          <legend>
            <Trans>Send me the link</Trans>
          </legend>
          <label className="choice">
            <input
              type="radio"
              name="link-channel"
              checked={channel === 'sms'}
              onChange={() => setChannel('sms')}
            />
            <Trans>By SMS to {phone}</Trans>
          </label>
          {email && (
            <label className="choice">
              <input
                type="radio"
                name="link-channel"
                checked={channel === 'email'}
                onChange={() => setChannel('email')}
              />
              <Trans>By email to {email}</Trans>
            </label>
          )}
        </fieldset>
        <SubmitButton busy={send.isPending} className="button button-outline">
          <Trans>Send</Trans>
        </SubmitButton>
      </form>
      <p className="muted link-notice" role="status">
        {notice}
      </p>
    </div>
  )
}
