import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { temporaryPassword } from './temporary-password.ts'

/** A temporary password, shown in clear so it can be handed over, with a generator. */
export function TemporaryPasswordField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Temporary password</Trans>
      </label>
      <div className="input-with-button">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="button" onClick={() => onChange(temporaryPassword())}>
          <Trans>Generate</Trans>
        </button>
      </div>
      <small id={`${id}-help`} className={error ? 'field-error' : 'muted'}>
        {error ?? t`Give it to the user: they choose their own password when they first sign in.`}
      </small>
    </div>
  )
}
