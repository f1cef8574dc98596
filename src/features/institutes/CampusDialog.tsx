import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { CampusInputSchema, type Campus } from '../../shared/schemas/institutes.ts'
import { useSaveCampus } from './mutations.ts'

interface Draft {
  name: string
  code: string
  address: string
  position: string
  active: boolean
}

const draftOf = (campus: Campus | undefined, nextPosition: number): Draft => ({
  name: campus?.name ?? '',
  code: campus?.code ?? '',
  address: campus?.address ?? '',
  position: String(campus?.position ?? nextPosition),
  active: campus?.active ?? true,
})

/** A new campus, or one to edit (`campus`): name, code, address, order and whether it is active. */
export function CampusDialog({
  campus,
  nextPosition,
  onClose,
}: {
  campus?: Campus | undefined
  /** Where a new campus goes in the list: after the others. */
  nextPosition: number
  onClose: () => void
}): ReactElement {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [initial] = useState(() => draftOf(campus, nextPosition))
  const [draft, setDraft] = useState(initial)
  const [touched, setTouched] = useState(false)
  const body = {
    name: draft.name,
    code: draft.code,
    address: draft.address,
    active: draft.active,
    position: draft.position.trim() === '' ? 0 : Number(draft.position),
  }
  const save = useSaveCampus(campus, {
    onSuccess: (saved) => {
      const name = saved.name
      showToast({
        variant: 'success',
        title: campus ? t`The campus ${name} was saved.` : t`The campus ${name} was added.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The campus was not saved`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(CampusInputSchema, body) : {}),
  }
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }))
  const name = campus?.name ?? ''

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(CampusInputSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog
      title={campus ? t`Edit ${name}` : t`New campus`}
      onClose={onClose}
      unsaved={JSON.stringify(draft) !== JSON.stringify(initial) && !save.isPending}
    >
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Campus name`}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          autoFocus
        />
        <Field
          label={t`Code`}
          value={draft.code}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          error={errors.code}
          hint={<Trans>Up to 16 letters, digits or hyphens, as lists and receipts show it.</Trans>}
          autoCapitalize="characters"
        />
        <TextAreaField
          label={t`Address`}
          value={draft.address}
          rows={2}
          onChange={(e) => set({ address: e.target.value })}
          error={errors.address}
        />
        <Field
          label={t`Position in lists`}
          type="number"
          min={0}
          inputMode="numeric"
          value={draft.position}
          onChange={(e) => set({ position: e.target.value })}
          error={errors.position}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => set({ active: e.target.checked })}
          />
          <Trans>Active: offered for new students and payments</Trans>
        </label>
        <div className="form-actions">
          <DialogCancel />
          <SubmitButton busy={save.isPending}>
            {campus ? <Trans>Save</Trans> : <Trans>Add campus</Trans>}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
