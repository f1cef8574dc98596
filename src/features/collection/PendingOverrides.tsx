import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { session } from '../../lib/session.ts'
import { showToast } from '../../lib/toasts.ts'
import type { AdvanceOverride } from '../../shared/schemas/advances.ts'
import { OverrideWhat } from './OverrideWhat.tsx'
import { useDecideOverride } from './mutations.ts'
import { pendingOverridesQuery } from './queries.ts'

/**
 * Overrides above the policy's amount, waiting for a second user: who may decide sees Approve
 * and Reject on others' requests; their own say that another user must decide.
 */
export function PendingOverrides(): ReactElement | null {
  const { data } = useSuspenseQuery(pendingOverridesQuery())
  const ability = useAbility()
  const me = session.userData()?.id
  const [deciding, setDeciding] = useState<{
    override: AdvanceOverride
    decision: 'approve' | 'reject'
  }>()
  if (!data.data.length) return null
  const mayDecide = ability.can('update', 'advance-override')
  return (
    <section className="card" aria-labelledby="advances-pending">
      <h2 id="advances-pending">
        <Trans>Awaiting approval</Trans>
      </h2>
      <ul className="override-list">
        {data.data.map((o) => {
          const who = o.requestedBy
          return (
            <li key={o.id} data-testid="pending-override">
              <OverrideWhat override={o} />
              <span className="muted">
                <Trans>asked by {who}</Trans> · {o.reason}
              </span>
              {mayDecide &&
                (o.requestedById === me ? (
                  <span className="muted">
                    <Trans>Another user must approve it.</Trans>
                  </span>
                ) : (
                  <span className="override-actions">
                    <button
                      type="button"
                      className="button button-primary"
                      onClick={() => setDeciding({ override: o, decision: 'approve' })}
                    >
                      <Trans>Approve</Trans>
                    </button>
                    <button
                      type="button"
                      className="button"
                      onClick={() => setDeciding({ override: o, decision: 'reject' })}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  </span>
                ))}
            </li>
          )
        })}
      </ul>
      {deciding && (
        <DecideDialog
          override={deciding.override}
          decision={deciding.decision}
          onClose={() => setDeciding(undefined)}
        />
      )}
    </section>
  )
}

function DecideDialog({
  override,
  decision,
  onClose,
}: {
  override: AdvanceOverride
  decision: 'approve' | 'reject'
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const [note, setNote] = useState('')
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const decide = useDecideOverride(override.id, decision, {
    onSuccess: () => {
      showToast({
        variant: 'success',
        title: decision === 'approve' ? t`Approved: the advance was changed.` : t`Rejected.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`Nothing was decided`),
  })
  // The override is checked again as it is approved: any refusal is said in the dialog.
  const [refusal] = Object.values(fieldErrors(decide.error))

  function submit(e: FormEvent) {
    e.preventDefault()
    decide.mutate({ note: note.trim() })
  }

  return (
    <Dialog
      title={
        decision === 'approve' ? (
          <Trans>Approve the override</Trans>
        ) : (
          <Trans>Reject the override</Trans>
        )
      }
      onClose={onClose}
      unsaved={note !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <OverrideWhat override={override} />
        </p>
        <p className="muted">{override.reason}</p>
        <TextAreaField
          label={t`Note (optional)`}
          rows={2}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {refusal && (
          <p className="alert alert-danger" role="alert">
            {refusal}
          </p>
        )}
        <div className="form-actions">
          <DialogCancel>
            <Trans>Decide later</Trans>
          </DialogCancel>
          <SubmitButton busy={decide.isPending}>
            {decision === 'approve' ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
