import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { ActionButton } from '../ActionButton.tsx'
import { usePopover } from '../popover/use-popover.ts'

/** One thing that can be done to a table's row. */
export interface RowAction {
  /** What it says. */
  label: ReactNode
  /** Its accessible name when the label alone does not say which row ("Delete Petty cash"). */
  name?: string | undefined
  onSelect: () => void
  disabled?: boolean | undefined
  /** Why it cannot be done now: it is disabled and says so. */
  reason?: string | undefined
}

/**
 * A row's actions: the first `shown` as buttons, the rest (when there are more) in a "⋯" menu,
 * so that a row's actions fit in any language. `label` names the row for the menu's button
 * ("More actions for Petty cash"). Actions this user may not take are left out as `false`.
 */
export function RowActions({
  actions,
  label,
  shown = 2,
}: {
  actions: readonly (RowAction | false | undefined)[]
  label: string
  shown?: number
}) {
  const all = actions.filter((a): a is RowAction => Boolean(a))
  const buttons = all.length > shown ? all.slice(0, shown) : all
  const more = all.slice(buttons.length)
  return (
    <div className="row-actions">
      {buttons.map((action, i) => (
        <ActionButton
          key={i}
          label={action.name}
          reason={action.reason}
          disabled={action.disabled}
          onClick={action.onSelect}
        >
          {action.label}
        </ActionButton>
      ))}
      {more.length > 0 && <MoreActions actions={more} label={label} />}
    </div>
  )
}

function MoreActions({ actions, label }: { actions: RowAction[]; label: string }) {
  const { t } = useLingui()
  const ids = useId()
  const { close, triggerProps, popoverProps } = usePopover<HTMLDivElement>({
    align: 'end',
    focusFirst: true,
  })
  return (
    <>
      <button
        {...triggerProps}
        id={`${ids}-button`}
        className="icon-button more-actions"
        aria-haspopup="menu"
        aria-label={t`More actions for ${label}`}
        title={t`More actions for ${label}`}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div {...popoverProps} role="menu" aria-labelledby={`${ids}-button`} className="popover-menu">
        {actions.map((action, i) => {
          const unavailable = Boolean(action.disabled || action.reason)
          return (
            <button
              key={i}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={action.name}
              aria-labelledby={action.name ? undefined : `${ids}-label-${i}`}
              aria-disabled={unavailable || undefined}
              aria-describedby={action.reason ? `${ids}-reason-${i}` : undefined}
              onClick={() => {
                if (unavailable) return
                close({ refocus: true })
                action.onSelect()
              }}
            >
              <span id={`${ids}-label-${i}`}>{action.label}</span>
              {action.reason && (
                <small id={`${ids}-reason-${i}`} className="popover-menu-reason">
                  {action.reason}
                </small>
              )}
            </button>
          )
        })}
      </div>
    </>
  )
}
