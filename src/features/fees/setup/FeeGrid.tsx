import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { UnsavedChangesPrompt } from '../../../components/Dialog.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { FeeConfigCell } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import { isBlock, pastedBlock } from './pasted-block.ts'

export interface GridChange {
  classId: string
  feeHeadId: string
  amountMinor: number | null
}

const keyOf = (classId: string, headId: string) => `${classId}|${headId}`

/**
 * The fee configuration as a spreadsheet: classes as rows, heads as columns, amounts typed in
 * the user's language and read exactly into minor units. Arrows move between cells (left and
 * right at the text's ends), Enter goes down, Tab across; a block pasted from a spreadsheet
 * fills the cells from the one pasted into. Changed cells are saved together.
 */
export function FeeGrid({
  classes,
  heads,
  cells,
  editable,
  recurringLocked,
  saving,
  onSave,
}: {
  classes: { id: string; name: string }[]
  heads: FeeHead[]
  cells: FeeConfigCell[]
  editable: boolean
  /** No cycle chosen: recurring heads' amounts cannot be entered. */
  recurringLocked: boolean
  saving: boolean
  onSave: (changes: GridChange[], done: () => void) => void
}) {
  const { t } = useLingui()
  const money = useMoney()
  const table = useRef<HTMLTableElement>(null)
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const saved = useMemo(
    () => new Map(cells.map((c) => [keyOf(c.classId, c.feeHeadId), c.amountMinor])),
    [cells],
  )
  const locked = (head: FeeHead) => !editable || (recurringLocked && head.kind === 'recurring')

  const textOf = (key: string) => {
    if (key in drafts) return drafts[key]!
    const amount = saved.get(key)
    return amount === undefined ? '' : money.toInput(amount)
  }
  const invalid = new Set<string>()
  const changes: GridChange[] = []
  for (const [key, text] of Object.entries(drafts)) {
    const [classId, feeHeadId] = key.split('|') as [string, string]
    const parsed = text.trim() === '' ? null : money.parse(text)
    if (parsed === undefined) {
      invalid.add(key)
      continue
    }
    if (parsed !== (saved.get(key) ?? null))
      changes.push({ classId, feeHeadId, amountMinor: parsed })
  }
  const guard = useUnsavedChanges(changes.length > 0 || invalid.size > 0)

  const cell = (row: number, col: number) =>
    table.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}:${col}"]`)
  const focus = (row: number, col: number) => {
    const target = cell(row, col)
    if (target) {
      target.focus()
      target.select()
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, row: number, col: number) {
    const input = e.currentTarget
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0
    const atEnd = input.selectionStart === input.value.length
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length
    const move: Record<string, [number, number] | undefined> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      Enter: e.shiftKey ? [-1, 0] : [1, 0],
      ArrowLeft: atStart || whole ? [0, -1] : undefined,
      ArrowRight: atEnd || whole ? [0, 1] : undefined,
    }
    const step = move[e.key]
    if (!step) return
    e.preventDefault()
    focus(row + step[0], col + step[1])
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>, row: number, col: number) {
    const text = e.clipboardData.getData('text/plain')
    if (!isBlock(text)) return
    e.preventDefault()
    const next = { ...drafts }
    pastedBlock(text).forEach((values, r) => {
      values.forEach((value, c) => {
        const klass = classes[row + r]
        const head = heads[col + c]
        if (klass && head && !locked(head)) next[keyOf(klass.id, head.id)] = value
      })
    })
    setDrafts(next)
  }

  const count = changes.length
  const currency = money.currency
  return (
    <div className="fee-grid">
      {/* A spreadsheet: with many heads it scrolls sideways, the class names kept in view. */}
      <div className="table-wrap" data-scrolls-sideways="">
        <table ref={table} className="table fee-grid-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Class</Trans>
              </th>
              {heads.map((head) => (
                <th key={head.id} scope="col" title={head.name}>
                  {head.name}
                  <small className="muted block">{head.code}</small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {classes.map((klass, row) => (
              <tr key={klass.id}>
                <th scope="row">{klass.name}</th>
                {heads.map((head, col) => {
                  const key = keyOf(klass.id, head.id)
                  const className = klass.name
                  const headName = head.name
                  return (
                    <td key={head.id}>
                      <input
                        className={`fee-cell${key in drafts ? ' fee-cell-changed' : ''}`}
                        data-cell={`${row}:${col}`}
                        inputMode="decimal"
                        aria-label={t`${headName} for ${className}`}
                        aria-invalid={invalid.has(key) || undefined}
                        value={textOf(key)}
                        readOnly={locked(head)}
                        onChange={(e) => setDrafts({ ...drafts, [key]: e.target.value })}
                        onKeyDown={(e) => onKeyDown(e, row, col)}
                        onPaste={(e) => onPaste(e, row, col)}
                        onFocus={(e) => e.target.select()}
                      />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable && (
        <form
          className="form-actions fee-grid-actions"
          onSubmit={(e) => {
            e.preventDefault()
            if (count > 0 && invalid.size === 0) onSave(changes, () => setDrafts({}))
          }}
        >
          {invalid.size > 0 && (
            <div className="field-error" role="alert">
              {[...invalid].slice(0, 3).map((key) => {
                const [classId, headId] = key.split('|')
                const text = drafts[key]!.trim()
                const headName = heads.find((h) => h.id === headId)?.name ?? ''
                const className = classes.find((c) => c.id === classId)?.name ?? ''
                return (
                  <p key={key}>
                    <Trans>
                      “{text}” in {headName} for {className} is not an amount in {currency}.
                    </Trans>
                  </p>
                )
              })}
              {invalid.size > 3 && (
                <p>
                  <Plural
                    value={invalid.size - 3}
                    one="And # more cell: correct the marked cells."
                    other="And # more cells: correct the marked cells."
                  />
                </p>
              )}
            </div>
          )}
          <button
            type="button"
            className="button"
            disabled={Object.keys(drafts).length === 0 || saving}
            onClick={() => setDrafts({})}
          >
            <Trans>Discard changes</Trans>
          </button>
          <SubmitButton busy={saving} disabled={count === 0 || invalid.size > 0}>
            {invalid.size > 0 ? (
              <Plural
                value={invalid.size}
                one="# cell is not an amount"
                other="# cells are not amounts"
              />
            ) : count === 0 ? (
              <Trans>No changes to save</Trans>
            ) : (
              <Plural value={count} one="Save # change" other="Save # changes" />
            )}
          </SubmitButton>
        </form>
      )}
      <UnsavedChangesPrompt guard={guard} />
    </div>
  )
}
