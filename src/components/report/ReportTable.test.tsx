import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionKeys } from '../../lib/session-keys.ts'
import { columnChoiceKey, toggleColumn, useColumnChoice } from '../table/column-choice.ts'
import { ReportTable, type ReportColumn } from './ReportTable.tsx'

interface Line {
  id: string
  student: string
  head: string
  dueMinor: number
}

const columns: ReportColumn<Line>[] = [
  { id: 'student', label: 'Student', cell: (l) => l.student },
  { id: 'head', label: 'Fee head', cell: (l) => l.head },
  { id: 'due', label: 'Due', amount: true, cell: (l) => (l.dueMinor / 100).toFixed(2) },
]
const lines: Line[] = [
  { id: 'l1', student: 'Amina Rahman', head: 'Tuition', dueMinor: 100_000 },
  { id: 'l2', student: 'Babul Hossain', head: 'Library', dueMinor: 25_000 },
]
const ids = columns.map((c) => c.id)

/** A browser's localStorage, in memory: the reader of these tests is user `u1`. */
function deviceStorage() {
  const items = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  items.set(sessionKeys.userData, JSON.stringify({ id: 'u1' }))
  return items
}

const render = (node: React.ReactNode) =>
  renderToString(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>{node}</I18nProvider>,
  ).replaceAll('<!-- -->', '')

const dueTable = () =>
  render(
    <ReportTable
      report="due"
      columns={columns}
      rows={lines}
      rowKey={(l) => l.id}
      totals={[{ label: 'Total, every page', figures: { due: '1,250.00' } }]}
      empty="Nothing is owed."
      page={1}
      perPage={25}
      total={2}
      onPage={() => undefined}
    />,
  )

/** What the reader sees in the table: its column headers, and the cells of its first row. */
const headers = (html: string) =>
  [...html.matchAll(/<th scope="col"[^>]*>([^<]*)</g)].map((m) => m[1])
const firstRow = (html: string) =>
  [...(/<tbody><tr>(.*?)<\/tr>/.exec(html)?.[1] ?? '').matchAll(/<td[^>]*>([^<]*)</g)].map(
    (m) => m[1],
  )

/** Hides or shows a column as the chooser does (the hook's own `toggle`). */
function choose(report: string, id: string) {
  let toggle: ((id: string) => void) | undefined
  function Chooser() {
    toggle = useColumnChoice(report, ids).toggle
    return null
  }
  renderToString(<Chooser />)
  toggle!(id)
}

describe('ReportTable and its column chooser', () => {
  let storage: Map<string, string>
  beforeEach(() => {
    storage = deviceStorage()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows every column at first, a "Columns" menu ticking each, and the totals under their columns', () => {
    const html = dueTable()
    expect(headers(html)).toEqual(['Student', 'Fee head', 'Due'])
    expect(firstRow(html)).toEqual(['Amina Rahman', 'Tuition', '1000.00'])
    expect(html).toContain('aria-haspopup="menu">Columns</button>')
    expect(html.match(/role="menuitemcheckbox"[^>]*aria-checked="true"/g)).toHaveLength(3)
    expect(html).toContain(
      '<tfoot><tr><th scope="row" colSpan="2">Total, every page</th><td class="amount">1,250.00</td></tr></tfoot>',
    )
  })

  it('a hidden column leaves the header, every row and the totals, and stays hidden the next time', () => {
    choose('due', 'head')
    const html = dueTable()
    expect(headers(html)).toEqual(['Student', 'Due'])
    expect(firstRow(html)).toEqual(['Amina Rahman', '1000.00'])
    expect(html).not.toContain('Tuition')
    expect(html).toContain('<th scope="row" colSpan="1">Total, every page</th>')
    expect(html).toMatch(/aria-checked="false"[^>]*>Fee head</)
    // Kept for this user and this report only.
    expect(storage.get(columnChoiceKey('due', 'u1'))).toBe('["head"]')
    storage.set(sessionKeys.userData, JSON.stringify({ id: 'u2' }))
    expect(headers(dueTable())).toEqual(['Student', 'Fee head', 'Due'])
  })

  it('shows a hidden column again when it is chosen once more', () => {
    choose('due', 'head')
    choose('due', 'head')
    expect(headers(dueTable())).toEqual(['Student', 'Fee head', 'Due'])
  })

  it('keeps at least one column: the last one shown cannot be hidden and says why', () => {
    choose('due', 'head')
    choose('due', 'student')
    choose('due', 'due')
    const html = dueTable()
    expect(headers(html)).toEqual(['Due'])
    expect(html).toMatch(
      /aria-checked="true" aria-disabled="true" title="At least one column stays shown.">Due</,
    )
    // The figure's column comes first: the totals row names itself inside its cell.
    expect(html).toContain(
      '<td class="amount"><span class="visually-hidden">Total, every page: </span>1,250.00</td>',
    )
  })

  it('shows every column when what was kept would hide them all, and keeps columns this reader cannot see', () => {
    storage.set(columnChoiceKey('due', 'u1'), '["student","head","due"]')
    expect(headers(dueTable())).toEqual(['Student', 'Fee head', 'Due'])
    storage.set(columnChoiceKey('due', 'u1'), 'not JSON')
    expect(headers(dueTable())).toEqual(['Student', 'Fee head', 'Due'])
    // A guardian's phone hidden by a reader who may see it stays hidden when it is not offered.
    expect(toggleColumn(ids, ['phone'], 'head')).toEqual(['phone', 'head'])
  })
})
