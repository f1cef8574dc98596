import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import { lockDataDir } from './data-dir-lock.ts'

/**
 * A backup is one zip: `backup.json` (what it holds), the database (PGlite's dump of its data
 * dir as a tar, or `pg_dump`'s custom format for a server) and every upload under `uploads/`.
 */
interface Manifest {
  format: 1
  database: 'pglite' | 'postgres'
  createdAt: string
  uploads: number
}

const run = promisify(execFile)
const pgliteDir = (dataDir: string) => join(dataDir, 'pglite')
const uploadsDir = (dataDir: string) => join(dataDir, 'uploads')

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Writes a backup of `dataDir`'s database (or the server at `databaseUrl`) and uploads to
 * `file`. The embedded database is read with its directory locked, so no server is writing it
 * meanwhile: the dump is consistent (stop the server first). A server is dumped by pg_dump in
 * one snapshot while it runs.
 */
export async function backup(opts: {
  dataDir: string
  databaseUrl?: string | undefined
  file: string
}): Promise<Manifest> {
  const entries: Zippable = {}
  let database: Manifest['database']
  if (opts.databaseUrl) {
    const { stdout } = await run('pg_dump', ['--format=custom', '--dbname', opts.databaseUrl], {
      encoding: 'buffer',
      maxBuffer: 4 * 1024 ** 3,
    })
    entries['database/postgres.dump'] = [stdout, { level: 0 }]
    database = 'postgres'
  } else {
    const lock = await lockDataDir(opts.dataDir)
    try {
      const db = new PGlite(pgliteDir(opts.dataDir), { extensions: { pg_trgm } })
      await db.waitReady
      // Compressed by the zip: PGlite's own gzip stalls on a data dir of some size (Node 20).
      const dump = await db.dumpDataDir('none')
      await db.close()
      entries['database/pglite.tar'] = new Uint8Array(await dump.arrayBuffer())
    } finally {
      await lock.release()
    }
    database = 'pglite'
  }
  const uploads = filesUnder(uploadsDir(opts.dataDir))
  for (const path of uploads) {
    entries[`uploads/${relative(uploadsDir(opts.dataDir), path)}`] = await readFile(path)
  }
  const manifest: Manifest = {
    format: 1,
    database,
    createdAt: new Date().toISOString(),
    uploads: uploads.length,
  }
  entries['backup.json'] = strToU8(JSON.stringify(manifest, null, 2))
  await mkdir(dirname(opts.file), { recursive: true })
  await writeFile(opts.file, zipSync(entries))
  return manifest
}

export class RestoreRefused extends Error {}

async function holdsTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ found: boolean }>(
      `select exists (select 1 from information_schema.tables where table_schema = 'public') as found`,
    )
    return rows[0]!.found
  } finally {
    await client.end()
  }
}

/**
 * Restores a backup into an empty data dir (its uploads, and its embedded database), or into
 * the empty database at `databaseUrl` with pg_restore.
 */
export async function restore(opts: {
  dataDir: string
  databaseUrl?: string | undefined
  file: string
}): Promise<Manifest> {
  const files = unzipSync(await readFile(opts.file))
  const manifest = files['backup.json'] && (JSON.parse(strFromU8(files['backup.json'])) as Manifest)
  if (manifest?.format !== 1) throw new RestoreRefused(`${opts.file} is not a backup`)
  if (existsSync(pgliteDir(opts.dataDir)) || filesUnder(uploadsDir(opts.dataDir)).length) {
    throw new RestoreRefused(`${opts.dataDir} is not empty: restore into an empty data dir`)
  }
  if (manifest.database === 'postgres') {
    if (!opts.databaseUrl) throw new RestoreRefused('this backup is of a server: set DATABASE_URL')
    if (await holdsTables(opts.databaseUrl)) {
      throw new RestoreRefused(
        'the database DATABASE_URL names is not empty: restore into a new one',
      )
    }
    const dump = join(opts.dataDir, '.restore.dump')
    await mkdir(opts.dataDir, { recursive: true })
    await writeFile(dump, files['database/postgres.dump']!)
    await run('pg_restore', ['--no-owner', '--dbname', opts.databaseUrl, dump])
  } else {
    await mkdir(opts.dataDir, { recursive: true })
    const db = new PGlite(pgliteDir(opts.dataDir), {
      extensions: { pg_trgm },
      loadDataDir: new Blob([files['database/pglite.tar']!]),
    })
    await db.waitReady
    await db.close()
  }
  for (const [name, data] of Object.entries(files)) {
    if (!name.startsWith('uploads/') || name.endsWith('/')) continue
    const path = resolve(uploadsDir(opts.dataDir), name.slice('uploads/'.length))
    if (!path.startsWith(resolve(uploadsDir(opts.dataDir)) + sep)) {
      throw new RestoreRefused(`${name} would land outside the uploads`)
    }
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, data)
  }
  return manifest
}
