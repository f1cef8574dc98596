import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { Dialog } from '../../components/Dialog.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { Field } from '../../components/form/Field.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import {
  CreateAccountSchema,
  UpdateAccountSchema,
  type Account,
} from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { moveTargets, type ChartTree } from './chart.ts'
import { levelLabels } from './labels.ts'
import { useCreateAccount, useUpdateAccount } from './mutations.ts'

/** A new account under a head (or under one of the five account types). */
export function AddAccountDialog({
  parent,
  parentLabel,
  onClose,
  onSaved,
}: {
  parent: Account
  parentLabel: string
  onClose: () => void
  /** The new account, to show it where it went. */
  onSaved?: (account: Account) => void
}) {
  const { t, i18n } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [name, setName] = useState('')
  const [glCode, setGlCode] = useState('')
  const [touched, setTouched] = useState(false)
  const body = { parentId: parent.id, name, glCode: glCode.trim() || undefined }
  const save = useCreateAccount({
    onSuccess: (saved) => {
      const savedName = saved.name
      const code = saved.glCode
      showToast({ variant: 'success', title: t`${savedName} was added with GL code ${code}.` })
      onSaved?.(saved)
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not added`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(CreateAccountSchema, body) : {}),
  }
  const levelLabel = levelLabels[parent.level]
  const level = levelLabel ? i18n._(levelLabel) : ''

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(CreateAccountSchema, body)).length) return
    save.mutate(body)
  }

  return (
    <Dialog title={t`New account under ${parentLabel}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            Level: {level}. Parent: {parentLabel}.
          </Trans>
        </p>
        <Field
          label={t`Account name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        <Field
          label={t`GL code (optional)`}
          value={glCode}
          inputMode="numeric"
          onChange={(e) => setGlCode(e.target.value)}
          error={errors.glCode}
          placeholder={t`The next free code`}
        />
        {errors.parentId && <p className="field-error">{errors.parentId}</p>}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton busy={save.isPending}>
            <Trans>Add account</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

export function RenameAccountDialog({
  account,
  onClose,
}: {
  account: Account
  onClose: () => void
}) {
  const { t } = useLingui()
  const { checkFields, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [name, setName] = useState(account.name)
  const [touched, setTouched] = useState(false)
  const body = { name }
  const save = useUpdateAccount(account.id, {
    onSuccess: (saved) => {
      const savedName = saved.name
      showToast({ variant: 'success', title: t`The account is now called ${savedName}.` })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not renamed`),
  })
  const errors = {
    ...fieldErrors(save.error),
    ...(touched ? checkFields(UpdateAccountSchema, body) : {}),
  }
  const current = account.name

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (Object.keys(checkFields(UpdateAccountSchema, body)).length) return
    if (name.trim() === account.name) return onClose()
    save.mutate(body)
  }

  return (
    <Dialog title={t`Rename ${current}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t`Account name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoFocus
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton busy={save.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

/** Another parent of the same type; the account keeps its postings and its subtree. */
export function MoveAccountDialog({
  account,
  tree,
  onClose,
  onSaved,
}: {
  account: Account
  tree: ChartTree
  onClose: () => void
  onSaved?: (account: Account) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [parentId, setParentId] = useState('')
  const [touched, setTouched] = useState(false)
  const targets = moveTargets(tree, account)
  const save = useUpdateAccount(account.id, {
    onSuccess: (saved) => {
      const savedName = saved.name
      const code = saved.glCode
      showToast({
        variant: 'success',
        title: t`${savedName} was moved; its GL code is now ${code}.`,
      })
      onSaved?.(saved)
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The account was not moved`),
  })
  const error =
    fieldErrors(save.error).parentId ??
    (touched && !parentId ? t`Choose the new parent.` : undefined)
  const current = account.name
  const parent = account.parentId ? tree.byId.get(account.parentId) : undefined
  const parentName = parent?.name ?? ''

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (!parentId) return
    save.mutate({ parentId })
  }

  return (
    <Dialog title={t`Move ${current}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="muted">
          <Trans>
            It is under {parentName} now. Only the other heads of its type one level above it are
            offered; its GL code and those of its sub-accounts change with the move.
          </Trans>
        </p>
        <div className="field">
          <label htmlFor={id}>
            <Trans>New parent</Trans>
          </label>
          <AccountSelect
            id={id}
            accounts={targets}
            value={parentId}
            onChange={setParentId}
            placeholder={t`Choose a head`}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <small id={`${id}-error`} className="field-error">
              {error}
            </small>
          )}
        </div>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <SubmitButton busy={save.isPending}>
            <Trans>Move</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
