import type { ReactNode } from 'react'

/**
 * A row action; a disabled one says why (its `reason`), the wrapper carrying the reason so a
 * pointer can show it.
 */
export function ActionButton({
  onClick,
  reason,
  disabled = false,
  label,
  className = 'button-link',
  children,
}: {
  onClick: () => void
  reason?: string | undefined
  disabled?: boolean
  label?: string
  className?: string
  children: ReactNode
}) {
  return (
    <span title={reason}>
      <button
        type="button"
        className={className}
        disabled={disabled || reason !== undefined}
        aria-label={label}
        title={reason}
        onClick={onClick}
      >
        {children}
      </button>
    </span>
  )
}
