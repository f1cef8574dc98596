import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** The SQL migrations the server applies at start. */
export const migrationsFolder = resolve(import.meta.dirname, '../../../drizzle')

/**
 * A copy of the migrations folder whose journal ends at `last` (a tag such as `0010_…`, or its
 * number): what a database of that release was migrated with. The caller removes the folder.
 */
export function migrationsUpTo(last: string) {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const end = journal.entries.findIndex((e) => e.tag.startsWith(last))
  if (end < 0) throw new Error(`no migration ${last}`)
  journal.entries = journal.entries.slice(0, end + 1)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}
