import { createHash } from 'node:crypto'
import { mkdirSync, realpathSync, rmdirSync, statSync, unlinkSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { join, relative, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/*
 * One server per DATA_DIR: PGlite is a whole PostgreSQL inside the process, with its own buffers
 * and write-ahead log and no postmaster lock shared with other processes, so two of them on one
 * directory both acknowledge writes and overwrite each other's files.
 *
 * Node has no flock(), and the npm packages offering one need a native build. The lock is a
 * Unix domain socket listening inside the data directory instead: the kernel refuses a second
 * listener on the same path, the listener dies with its process (kill -9 included), and the
 * holder answers whoever connects with its PID and URL. A crashed holder leaves the socket file
 * behind; a connect to it is refused, and it is replaced under a short guard (an atomic mkdir)
 * so that two processes starting at once never both remove it and both listen.
 */

const socketName = '.server.lock'
const guardName = '.server.lock.takeover'
/** Replacing a stale socket takes milliseconds: a guard older than this was left by a crash. */
const abandonedGuardMs = 10_000
/** Longest Unix socket path (macOS; Linux allows 107 bytes). */
const maxSocketPath = 103

interface Holder {
  pid: number
  url?: string
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    const who = holder
      ? `process ${holder.pid}${holder.url ? `, serving ${holder.url}` : ', still starting'}`
      : 'another process (it did not say which)'
    super(
      `DATA_DIR ${dataDir} is in use by ${who}. Two servers on one data directory lose each ` +
        'other’s writes: stop that one first, or give this one another DATA_DIR.',
    )
  }
}

interface DataDirLock {
  /** Tells a process refused later where this one serves. */
  announce(url: string): void
  release(): Promise<void>
}

/** Holds DATA_DIR for this process's life, or throws DataDirInUse naming the holder. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = socketPath(dir)
  const guard = join(dir, guardName)
  const me: Holder = { pid: process.pid }
  const server = createServer((socket) => {
    socket.on('error', () => {})
    socket.end(JSON.stringify(me))
  })
  server.unref()

  for (;;) {
    if (await listen(server, path)) break
    const holder = await ask(path)
    if (holder !== 'stale') throw new DataDirInUse(dir, holder === 'silent' ? undefined : holder)
    if (!enter(guard)) {
      await sleep(20)
      continue
    }
    try {
      // Only under the guard may anyone remove the socket, so it is still the stale one.
      if ((await ask(path)) === 'stale') unlinkSync(path)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    } finally {
      rmdirSync(guard)
    }
  }
  return {
    announce: (url) => void (me.url = url),
    release: () => new Promise((done) => server.close(() => done())),
  }
}

/** The shorter of the absolute and the relative path: a socket path has a small length limit. */
function socketPath(dir: string) {
  // Windows has named pipes instead, which no process leaves behind.
  if (process.platform === 'win32') {
    const hash = createHash('sha256').update(realpathSync(dir).toLowerCase()).digest('hex')
    return `\\\\.\\pipe\\ems-data-dir-${hash.slice(0, 32)}`
  }
  const absolute = join(dir, socketName)
  const fromHere = relative(process.cwd(), absolute)
  const path = fromHere.length < absolute.length ? fromHere : absolute
  if (Buffer.byteLength(path) > maxSocketPath) {
    throw new Error(
      `DATA_DIR ${dir} is too long a path for its lock (${socketName}): choose a shorter one.`,
    )
  }
  return path
}

/** True when listening; false when another listener or a stale socket file is in the way. */
function listen(server: Server, path: string) {
  return new Promise<boolean>((done, fail) => {
    const refused = (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? done(false) : fail(err)
    server.once('error', refused)
    server.listen(path, () => {
      server.off('error', refused)
      done(true)
    })
  })
}

/**
 * Who listens on the socket: the holder's own answer, 'silent' when it connects but does not
 * answer in time, 'stale' when nobody listens there (any more).
 */
function ask(path: string) {
  return new Promise<Holder | 'silent' | 'stale'>((done) => {
    let answer = ''
    const socket = createConnection(path)
    socket.setEncoding('utf8')
    socket.setTimeout(5_000, () => {
      socket.destroy()
      done('silent')
    })
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => {
      try {
        done(JSON.parse(answer) as Holder)
      } catch {
        done('silent')
      }
    })
    socket.on('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? 'stale' : 'silent'),
    )
  })
}

/** Takes the takeover guard, clearing one a crash left behind. */
function enter(guard: string) {
  try {
    mkdirSync(guard)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  try {
    if (Date.now() - statSync(guard).mtimeMs > abandonedGuardMs) rmdirSync(guard)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  return false
}
