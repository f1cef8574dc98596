import { useState } from 'react'
import { session } from '../../lib/session.ts'

/** Where a report's hidden columns are kept on this device: per report and per user. */
export const columnChoiceKey = (report: string, userId: string | undefined) =>
  `report-columns:${userId ?? ''}:${report}`

function readHidden(key: string): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? '[]')
    return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return [] // A damaged entry shows every column.
  }
}

/** The columns shown of `ids`, `hidden` left out; never none (a choice that hid them all shows all). */
export function shownColumns(ids: readonly string[], hidden: readonly string[]): Set<string> {
  const shown = ids.filter((id) => !hidden.includes(id))
  return new Set(shown.length > 0 ? shown : ids)
}

/**
 * The hidden columns once `id` is shown or hidden in turn; the last column shown stays. Columns
 * hidden that this reader does not see now (a guardian's phone) stay hidden.
 */
export function toggleColumn(ids: readonly string[], hidden: readonly string[], id: string) {
  const shown = shownColumns(ids, hidden)
  const others = hidden.filter((h) => h !== id && !shown.has(h))
  if (!shown.has(id)) return others
  return shown.size > 1 ? [...others, id] : others
}

/**
 * The columns of `report` its reader shows (of `ids`, the columns they may see), remembered on
 * this device for them: hidden columns are saved, so a column added later shows at first.
 */
export function useColumnChoice(report: string, ids: readonly string[]) {
  const key = columnChoiceKey(report, session.userData()?.id)
  const [saved, setSaved] = useState(() => ({ key, hidden: readHidden(key) }))
  const hidden = saved.key === key ? saved.hidden : readHidden(key)
  return {
    shown: shownColumns(ids, hidden),
    toggle: (id: string) => {
      const next = toggleColumn(ids, hidden, id)
      localStorage.setItem(key, JSON.stringify(next))
      setSaved({ key, hidden: next })
    },
  }
}
