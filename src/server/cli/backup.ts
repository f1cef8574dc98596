/**
 * `npm run backup [-- --out FILE] [--data-dir DIR]`: writes the database (DATA_DIR's embedded
 * one, with no server running on it; or DATABASE_URL's server, by pg_dump) and the uploads to
 * one file, by default ./backups/backup-<time>.zip.
 */
import { parseArgs } from 'node:util'
import { backup } from '../lib/backup.ts'
import { DataDirInUse } from '../lib/data-dir-lock.ts'

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'data-dir': { type: 'string' } },
})
const file = values.out ?? `./backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`
try {
  const made = await backup({
    dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? './data',
    databaseUrl: process.env.DATABASE_URL,
    file,
  })
  console.log(`Backed up the ${made.database} database and ${made.uploads} uploads to ${file}`)
} catch (err) {
  if (!(err instanceof DataDirInUse)) throw err
  console.error(`${err.message}\nStop the server first: the backup must see the data at rest.`)
  process.exit(1)
}
