import { Trans, useLingui } from '@lingui/react/macro'
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useUnsavedChanges, type UnsavedChanges } from '../lib/unsaved-changes.ts'
import { Icon } from './icons.tsx'

/** Closes the surrounding Dialog, asking first when its form has unsaved changes. */
const CloseContext = createContext<() => void>(() => undefined)

/**
 * A modal dialog on the native <dialog>: focus is trapped; Escape, the close button, a click
 * outside and `DialogCancel` close it. With `unsaved`, each of them asks before the changes are
 * thrown away, and so do leaving the page and closing the tab.
 */
export function Dialog({
  title,
  onClose,
  wide = false,
  unsaved = false,
  children,
}: {
  title: ReactNode
  onClose: () => void
  /** For forms with a table in them (voucher lines). */
  wide?: boolean
  /** The form in it has changes that closing would throw away. */
  unsaved?: boolean
  children: ReactNode
}) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const pressedOutside = useRef(false)
  const closing = useRef(false)
  const guard = useUnsavedChanges(unsaved)
  // Closed natively first: the focus goes back to where it was before the dialog opened.
  const closeNow = () => {
    closing.current = true
    ref.current?.close()
    onClose()
  }
  const requestClose = () => guard.confirm(closeNow)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const outside = (e: MouseEvent<HTMLDialogElement>) => {
    // The backdrop belongs to the <dialog> itself: a press there lies outside its box.
    const dialog = ref.current
    if (!dialog || e.target !== dialog) return false
    const box = dialog.getBoundingClientRect()
    return (
      e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom
    )
  }

  return (
    <CloseContext.Provider value={requestClose}>
      <dialog
        ref={ref}
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        aria-labelledby="dialog-title"
        onCancel={(e) => {
          // Escape: the dialog stays until its owner removes it, or the user keeps editing.
          e.preventDefault()
          requestClose()
        }}
        onClose={() => {
          if (closing.current) return
          // Closed by the browser without a cancel event (repeated Escape): ask all the same.
          if (unsaved) ref.current?.showModal()
          requestClose()
        }}
        onMouseDown={(e) => {
          pressedOutside.current = outside(e)
        }}
        onClick={(e) => {
          // Both press and release outside: a text selection dragged out does not close it.
          if (pressedOutside.current && outside(e)) requestClose()
          pressedOutside.current = false
        }}
      >
        <header className="dialog-header">
          <h2 id="dialog-title">{title}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t`Close`}
            onClick={requestClose}
          >
            <Icon name="close" />
          </button>
        </header>
        {children}
      </dialog>
      <UnsavedChangesPrompt guard={guard} />
    </CloseContext.Provider>
  )
}

/** The form's own Cancel button in a Dialog: asks first when there are unsaved changes. */
export function DialogCancel({ children }: { children?: ReactNode }) {
  const close = useContext(CloseContext)
  return (
    <button type="button" className="button" onClick={close}>
      {children ?? <Trans>Cancel</Trans>}
    </button>
  )
}

/** A question in the app's own modal dialog; Escape answers with `onCancel`. */
function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger = false,
}: {
  title: ReactNode
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
  /** The confirming answer loses something: it is shown as dangerous. */
  danger?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const answered = useRef(false)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  // Closed natively first: the focus goes back to the field it came from.
  const answer = (then: () => void) => () => {
    answered.current = true
    ref.current?.close()
    then()
  }
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        answer(onCancel)()
      }}
      onClose={() => {
        if (!answered.current) onCancel()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="form-actions">
        {/* The safe answer has the focus: Enter does not throw anything away. */}
        <button type="button" className="button" autoFocus onClick={answer(onCancel)}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={answer(onConfirm)}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}

/** "Discard your changes?" while `guard` (from useUnsavedChanges) waits for an answer. */
export function UnsavedChangesPrompt({ guard }: { guard: UnsavedChanges }) {
  if (!guard.asking) return null
  return (
    <ConfirmDialog
      title={<Trans>Discard your changes?</Trans>}
      cancelLabel={<Trans>Keep editing</Trans>}
      confirmLabel={<Trans>Discard</Trans>}
      onCancel={guard.keep}
      onConfirm={guard.discard}
      danger
    />
  )
}
