import type { ReactNode } from 'react'

/**
 * A form's submit button that shows it is working: while `busy` (its mutation pending) it says
 * so to assistive technology (aria-busy), shows a spinner and refuses further presses without
 * losing focus; `disabled` stays for reasons the form cannot be sent.
 */
export function SubmitButton({
  busy = false,
  disabled = false,
  className = 'button button-primary',
  describedBy,
  form,
  label,
  children,
}: {
  busy?: boolean
  disabled?: boolean
  className?: string
  describedBy?: string | undefined
  /** The form it sends, when it stands outside it (a table row's form). */
  form?: string | undefined
  /** Its accessible name, when the visible label is the same in every row ("Save"). */
  label?: string | undefined
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      form={form}
      aria-label={label}
      className={`${className}${busy ? ' is-busy' : ''}`}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
      // A second press while the first is on its way would send the form twice.
      onClick={busy ? (event) => event.preventDefault() : undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  )
}
