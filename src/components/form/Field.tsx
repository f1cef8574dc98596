import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

/** A labelled input with its error under it, announced to screen readers. */
export function Field({
  label,
  error,
  ...input
}: { label: ReactNode; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  )
}
