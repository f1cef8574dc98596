import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
} from 'react'
import { counterSearchQuery } from '../lib/counter-search.ts'
import { useOnlineStatus } from '../lib/online-status.ts'
import { useMoney } from '../lib/use-money.ts'
import type { CounterApplicant, CounterSearchResult } from '../shared/schemas/applicant-fees.ts'
import type { CounterMatch } from '../shared/schemas/collection-payments.ts'

/** A result: a student (whose family opens), or an applicant whose application fee is due. */
type Found = { student: CounterMatch } | { applicant: CounterApplicant }

const foundIn = (result: CounterSearchResult | undefined, applicants: boolean): Found[] => [
  ...(result?.data ?? []).map((student) => ({ student })),
  ...(applicants ? (result?.applicants ?? []) : []).map((applicant) => ({ applicant })),
]

/**
 * The counter's one search box, focused on arrival: a student ID, name, guardian phone, roll
 * ("7-A-12") or invoice number, with results as one types; applicants whose application fee is
 * due by their short reference, name or phone. ↓ and ↑ move through them, Enter picks the one
 * marked (the first, unless moved). Offline it says that search needs the network.
 */
export function CounterSearch({
  onPick,
  onPickApplicant,
  autoFocus,
}: {
  onPick: (match: CounterMatch) => void
  /** Where applicants are taken (the counter): they are found too. */
  onPickApplicant?: (applicant: CounterApplicant) => void
  autoFocus: boolean
}): ReactElement {
  const { t } = useLingui()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const q = useDeferredValue(text.trim())
  const queryClient = useQueryClient()
  const online = useOnlineStatus()
  const money = useMoney()
  const results = useQuery(counterSearchQuery(q))
  const matches = q ? foundIn(results.data, !!onPickApplicant) : []
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
    if (!online) return
    const found = await queryClient.fetchQuery(counterSearchQuery(typed))
    pick(foundIn(found, !!onPickApplicant)[0])
  }

  function pick(match: Found | undefined) {
    if (!match) return
    if ('student' in match) onPick(match.student)
    else onPickApplicant?.(match.applicant)
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
        placeholder={t`Student ID, name, guardian phone, roll (7-A-12), invoice number or applicant reference`}
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
      {q !== '' && !online && (
        <p className="alert alert-warning" role="status">
          <Trans>
            Search needs the network, and you are offline. A family opened before stays on screen;
            search again once the connection is back.
          </Trans>
        </p>
      )}
      {q !== '' && online && results.isSuccess && matches.length === 0 && (
        <p className="muted" role="status">
          {onPickApplicant ? (
            <Trans>No student or applicant matches.</Trans>
          ) : (
            <Trans>No student matches.</Trans>
          )}
        </p>
      )}
      {matches.length > 0 && (
        <ul id={`${id}-results`} role="listbox" className="counter-results">
          {matches.map((found, i) => {
            const pickIt = (e: MouseEvent) => {
              e.preventDefault()
              pick(found)
            }
            if ('applicant' in found) {
              const a = found.applicant
              const fee = money.format(a.feeMinor)
              const form = a.formTitle
              return (
                <li
                  key={a.applicantId}
                  id={`${id}-${i}`}
                  role="option"
                  aria-selected={i === marked}
                  onMouseDown={pickIt}
                >
                  <strong>{a.applicantName}</strong>{' '}
                  <span className="muted">{a.shortReference}</span>
                  <span className="muted">
                    <Trans>
                      Applicant · {form} · application fee {fee}
                    </Trans>
                    {a.phone && ` · ${a.phone}`}
                  </span>
                </li>
              )
            }
            const m = found.student
            const placement = [m.className, m.sectionName].filter(Boolean).join(' · ')
            const roll = m.roll
            return (
              <li
                key={m.studentId}
                id={`${id}-${i}`}
                role="option"
                aria-selected={i === marked}
                onMouseDown={pickIt}
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
