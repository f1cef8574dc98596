import { Trans } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useFormat } from '../../lib/format.ts'
import { continueDraft } from './draft-store.ts'
import type { DraftSession } from './draft-state.ts'
import { useStartOver } from './use-start-over.ts'

/**
 * The unsent draft kept on this device, offered back once its persistence has found it: a
 * sheet at the bottom of the screen, over the form, so nothing on the page moves when it
 * appears. It is modal (the form under it takes no typing until the applicant chooses, so
 * nothing goes into a draft they did not mean), the focus is on "Continue", and Escape
 * continues too: the one choice that throws nothing away.
 */
export function DraftOffer({ session, updatedAt }: { session: DraftSession; updatedAt: number }) {
  const { dateTime } = useFormat()
  const ref = useRef<HTMLDialogElement>(null)
  const { busy, startOver } = useStartOver(session)
  const when = dateTime(updatedAt)
  const keep = () => void continueDraft(session)

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  return (
    <dialog
      ref={ref}
      className="draft-offer"
      aria-labelledby="draft-offer-title"
      aria-describedby="draft-offer-text"
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) keep()
      }}
    >
      <h2 id="draft-offer-title">
        <Trans>Continue your application from {when}</Trans>
      </h2>
      <p id="draft-offer-text" className="muted">
        <Trans>
          Your answers and files were kept on this device. Pick up where you left off, or start
          again with an empty form.
        </Trans>
      </p>
      <div className="admission-actions">
        <button type="button" className="button button-primary" autoFocus onClick={keep}>
          <Trans>Continue</Trans>
        </button>
        <button
          type="button"
          className="button button-outline"
          disabled={busy}
          onClick={() => void startOver()}
        >
          <Trans>Start over</Trans>
        </button>
      </div>
    </dialog>
  )
}
