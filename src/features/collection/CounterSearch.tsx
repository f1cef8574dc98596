import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useId, useRef, useState, type ReactElement } from 'react'
import type { CounterMatch } from '../../shared/schemas/collection.ts'
import { counterSearchQuery } from './queries.ts'

/**
 * The counter's one search box, focused on arrival: a student ID, name, guardian phone, roll
 * ("7-A-12") or invoice number, with results as one types. ↓ and ↑ move through them, Enter
 * picks the one marked (the first, unless moved).
 */
export function CounterSearch({
  onPick,
  autoFocus,
}: {
  onPick: (match: CounterMatch) => void
  autoFocus: boolean
}): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const q = useDeferredValue(text.trim())
  const queryClient = useQueryClient()
  const results = useQuery(counterSearchQuery(q))
  const matches = q ? (results.data?.data ?? []) : []
  // The first match is marked again whenever the text changes.
  const [markedOf, setMarkedOf] = useState({ q, index: 0 })
  const marked = markedOf.q === q ? markedOf.index : 0
  const setMarked = (move: (index: number) => number) => setMarkedOf({ q, index: move(marked) })
  useEffect(() => {
    if (autoFocus) input.current?.focus()
  }, [autoFocus])

  /** Enter picks the one marked; typed faster than the results came, the first once they do. */
  async function pickOnEnter() {
    const typed = text.trim()
    if (!typed) return
    if (typed === q && matches.length) return pick(matches[marked])
    const found = await queryClient.fetchQuery(counterSearchQuery(typed))
    pick(found.data[0])
  }

  function pick(match: CounterMatch | undefined) {
    if (!match) return
    onPick(match)
    setText('')
  }

  return (
    <div className="counter-search" role="search">
      <label htmlFor={id}>
        <Trans>Find a student</Trans>
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={matches.length > 0}
        aria-controls={`${id}-results`}
        aria-activedescendant={matches[marked] ? `${id}-${marked}` : undefined}
        placeholder={t`Student ID, name, guardian phone, roll (7-A-12) or invoice number`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setMarked((m) => Math.min(m + 1, matches.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setMarked((m) => Math.max(m - 1, 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            void pickOnEnter()
          }
        }}
      />
      {q !== '' && results.isSuccess && matches.length === 0 && (
        <p className="muted" role="status">
          <Trans>No student matches.</Trans>
        </p>
      )}
      {matches.length > 0 && (
        <ul id={`${id}-results`} role="listbox" className="counter-results">
          {matches.map((m, i) => {
            const placement = [m.className, m.sectionName].filter(Boolean).join(' · ')
            const roll = m.roll
            return (
              <li
                key={m.studentId}
                id={`${id}-${i}`}
                role="option"
                aria-selected={i === marked}
                onMouseDown={(e) => {
                  e.preventDefault()
                  pick(m)
                }}
              >
                <strong>{m.fullName}</strong> <span className="muted">{m.studentCode}</span>
                <span className="muted">
                  {placement}
                  {roll !== null && (
                    <>
                      {' · '}
                      <Trans>roll {roll}</Trans>
                    </>
                  )}
                  {m.guardianPhone && ` · ${m.guardianPhone}`}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
