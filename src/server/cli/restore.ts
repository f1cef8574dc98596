/**
 * `npm run restore -- FILE [--data-dir DIR]`: restores a backup into an empty data dir (and,
 * for a server's backup, into the empty database DATABASE_URL names).
 */
import { parseArgs } from 'node:util'
import { restore, RestoreRefused } from '../lib/backup.ts'

const { values, positionals } = parseArgs({
  options: { 'data-dir': { type: 'string' } },
  allowPositionals: true,
})
const [file] = positionals
if (!file) {
  console.error('Usage: npm run restore -- FILE [--data-dir DIR]')
  process.exit(1)
}
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './data'
try {
  const done = await restore({ dataDir, databaseUrl: process.env.DATABASE_URL, file })
  console.log(
    `Restored the ${done.database} database of ${done.createdAt} and ${done.uploads} uploads into ${dataDir}`,
  )
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err
  console.error(err.message)
  process.exit(1)
}
