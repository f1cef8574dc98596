import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { usePopover } from '../popover/use-popover.ts'

/**
 * "Columns": a menu of a table's columns, each ticked while shown; choosing one shows or hides
 * it and keeps the menu open. The last column shown cannot be hidden (it says why). Arrow keys,
 * Home and End move through it, Enter or Space ticks, Escape closes it.
 */
export function ColumnChooser({
  columns,
  shown,
  onToggle,
}: {
  columns: readonly { id: string; label: string }[]
  shown: ReadonlySet<string>
  onToggle: (id: string) => void
}) {
  const { t } = useLingui()
  const ids = useId()
  const { triggerProps, popoverProps } = usePopover<HTMLDivElement>({
    align: 'end',
    focusFirst: true,
  })
  return (
    <>
      <button {...triggerProps} id={`${ids}-button`} className="button" aria-haspopup="menu">
        <Trans>Columns</Trans>
      </button>
      <div
        {...popoverProps}
        role="menu"
        aria-labelledby={`${ids}-button`}
        className="popover-menu column-chooser"
      >
        {columns.map((column) => {
          const checked = shown.has(column.id)
          const last = checked && shown.size === 1
          return (
            <button
              key={column.id}
              type="button"
              role="menuitemcheckbox"
              tabIndex={-1}
              aria-checked={checked}
              aria-disabled={last || undefined}
              title={last ? t`At least one column stays shown.` : undefined}
              onClick={() => !last && onToggle(column.id)}
            >
              {column.label}
            </button>
          )
        })}
      </div>
    </>
  )
}
