import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeSeededSnapshot } from './seeded-snapshot.ts'

/**
 * Vitest's global set-up of the `pglite` project: the migrated, seeded database every test file
 * starts from (`createTestApp`), dumped once for the run and removed afterwards.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'ems-pglite-'))
  await writeSeededSnapshot(join(dir, 'seeded.tar'))
  return () => rmSync(dir, { recursive: true, force: true })
}
