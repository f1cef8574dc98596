import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  ReactivateInstituteSchema,
  SuspendInstituteSchema,
  type PlatformInstitute,
} from '../../shared/schemas/platform.ts'
import { useSetInstituteStatus } from './mutations.ts'

/** Suspends an institute, with the reason, or reactivates a suspended one. */
export function InstituteStatusDialog({
  institute,
  onClose,
}: {
  institute: PlatformInstitute
  onClose: () => void
}) {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const change = institute.status === 'suspended' ? 'reactivate' : 'suspend'
  const schema = change === 'suspend' ? SuspendInstituteSchema : ReactivateInstituteSchema
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const name = institute.name
  const save = useSetInstituteStatus({
    onSuccess: (saved) => {
      showToast({
        variant: 'success',
        title:
          saved.status === 'suspended'
            ? t`${name} is suspended: its users cannot sign in and its admissions are closed.`
            : t`${name} is active again.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The institute was not changed`),
  })
  const errors = { ...fieldErrors(save.error), ...(touched ? checkFields(schema, { reason }) : {}) }

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(schema, { reason })).length) return
    save.mutate({ institute, change, reason })
  }

  return (
    <Dialog
      title={change === 'suspend' ? t`Suspend ${name}` : t`Reactivate ${name}`}
      onClose={onClose}
      unsaved={reason !== ''}
    >
      <form className="form" noValidate onSubmit={submit}>
        <p>
          {change === 'suspend' ? (
            <Trans>
              Its users are signed out at their next step and cannot sign in, and its admission
              pages say that admissions are closed, until it is reactivated.
            </Trans>
          ) : (
            <Trans>Its users can sign in again and its open forms take applications again.</Trans>
          )}
        </p>
        <TextAreaField
          label={change === 'suspend' ? t`Reason` : t`Reason (optional)`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          error={errors.reason}
        />
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {change === 'suspend' ? <Trans>Suspend</Trans> : <Trans>Reactivate</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
