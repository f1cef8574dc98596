import { prerender } from 'react-dom/static'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualRows } from './VirtualRows.tsx'

/** The table as the page would first show it, in a window of `height` px scrolled to `scrollY`. */
async function draw(count: number, { height = 800, scrollY = 0 } = {}) {
  vi.stubGlobal('window', { innerWidth: 1280, innerHeight: height, scrollY })
  vi.stubGlobal('document', {})
  const { prelude } = await prerender(
    <table aria-rowcount={count + 1}>
      <thead>
        <tr aria-rowindex={1}>
          <th>Line</th>
        </tr>
      </thead>
      <tbody>
        <VirtualRows
          count={count}
          columns={1}
          before={1}
          row={(i, props) => (
            <tr key={i} {...props}>
              <td>Line {i + 1}</td>
            </tr>
          )}
        />
      </tbody>
    </table>,
  )
  const html = await new Response(prelude).text()
  const lines = [...html.matchAll(/<td>Line <!-- -->(\d+)<\/td>/g)].map((m) => Number(m[1]))
  const indexes = [...html.matchAll(/aria-rowindex="(\d+)"/g)].map((m) => Number(m[1]))
  return { html, lines, indexes }
}

afterEach(() => vi.unstubAllGlobals())

describe('VirtualRows', () => {
  it('draws every row of a short table', async () => {
    const { lines, indexes } = await draw(150)
    expect(lines).toHaveLength(150)
    expect(indexes.at(-1)).toBe(151)
  })

  it('draws only a window of 100,000 rows, the table counting them all', async () => {
    const { html, lines, indexes } = await draw(100_000, { height: 800 })
    expect(html).toContain('aria-rowcount="100001"')
    expect(lines[0]).toBe(1)
    expect(lines.length).toBeGreaterThan(800 / 40)
    expect(lines.length).toBeLessThan(60)
    expect(lines).not.toContain(100_000)
    // Each drawn row its place among all the table's rows, after the header's.
    expect(indexes.slice(0, 3)).toEqual([1, 2, 3])
    // The rows not drawn are presentational spacers keeping the table its full height.
    expect(html).toMatch(/<tr role="presentation"[^>]*><td colSpan="1" style="height:\d{6,}px"/)
  })

  it('draws later rows once scrolled', async () => {
    const { lines, indexes } = await draw(100_000, { height: 800, scrollY: 2_000_000 })
    expect(lines).toContain(50_001)
    expect(lines).not.toContain(1)
    expect(lines.length).toBeLessThan(60)
    expect(indexes).toContain(50_002)
    const end = await draw(100_000, { height: 800, scrollY: 4_000_000 })
    expect(end.lines.at(-1)).toBe(100_000)
  })
})
