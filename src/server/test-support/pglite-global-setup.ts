import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasSeededSnapshot, writeSeededSnapshot } from './seeded-snapshot.ts'

/**
 * Vitest's global set-up of the `pglite` project: the migrated, seeded database every test file
 * starts from (`createTestApp`), dumped once for the run (the project's files that mock modules
 * run as a second project on the same dump) and removed afterwards.
 */
export default async function setup() {
  if (hasSeededSnapshot()) return
  const dir = mkdtempSync(join(tmpdir(), 'ems-pglite-'))
  await writeSeededSnapshot(join(dir, 'seeded.tar'))
  return () => rmSync(dir, { recursive: true, force: true })
}
