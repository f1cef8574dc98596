import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from './icons.tsx'

/** A modal dialog on the native <dialog>: focus is trapped, Escape and the close button close it. */
export function Dialog({
  title,
  onClose,
  wide = false,
  children,
}: {
  title: ReactNode
  onClose: () => void
  /** For forms with a table in them (voucher lines). */
  wide?: boolean
  children: ReactNode
}) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      onClose={onClose}
      aria-labelledby="dialog-title"
    >
      <header className="dialog-header">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      {children}
    </dialog>
  )
}
