import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { staffStringAreas } from './string-areas.ts'

/*
 * A staff page's strings load with it only when its route names their area: a page showing a
 * feature whose area it does not name would show message ids instead of words.
 */
const routes = resolve(import.meta.dirname, '../routes')

/** The staff areas of the features a route file imports, by their folder. */
function areasImported(source: string): string[] {
  return Object.entries(staffStringAreas)
    .filter(([, folder]) => source.includes(`/features/${folder}/`))
    .map(([area]) => area)
    .sort()
}

/**
 * The areas a route file names: in `staticData.strings`, or with a part it loads later
 * (`ensureAreaStrings([...])` beside the part's `import()`).
 */
function areasNamed(source: string): string[] {
  const lists = [...source.matchAll(/(?:strings:\s*|ensureAreaStrings\()\[([^\]]*)\]/g)]
  const names = lists.flatMap(([, list]) => [...list!.matchAll(/'([^']+)'/g)].map((m) => m[1]!))
  return [...new Set(names)].sort()
}

describe('staff string areas', () => {
  const files = readdirSync(routes).filter((f) => f.endsWith('.tsx') && f !== '__root.tsx')

  // A route may name more (an area whose shared descriptors its features show, such as the
  // reports' aging buckets on the dashboards), never less.
  it.each(files)('%s names the areas whose features it shows', (file) => {
    const source = readFileSync(join(routes, file), 'utf8')
    const named = areasNamed(source)
    expect(named).toEqual(expect.arrayContaining(areasImported(source)))
    expect(Object.keys(staffStringAreas)).toEqual(expect.arrayContaining(named))
  })

  it('sees the areas of a route that shows students', () => {
    const source = readFileSync(join(routes, 'students.tsx'), 'utf8')
    expect(areasImported(source)).toEqual(['students'])
  })

  it('sees the areas of a part a route loads later', () => {
    const source = readFileSync(join(routes, 'students_.$studentId.tsx'), 'utf8')
    expect(areasNamed(source)).toEqual(['fees', 'reports', 'students'])
  })

  it('names each feature folder once', () => {
    const folders = Object.values(staffStringAreas)
    expect(new Set(folders).size).toBe(folders.length)
  })
})
