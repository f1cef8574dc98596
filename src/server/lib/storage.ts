import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'

/**
 * A file written piece by piece (an export, batch by batch): nothing is under its key until
 * `close` resolves; `abort` throws away what was written.
 */
export interface FileWrite {
  stream: Writable
  close(): Promise<void>
  abort(): Promise<void>
}

/**
 * Where uploaded files live. Keys are made by the server (never from a file name), so no
 * request can point outside the store. An S3-compatible store would implement the same.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>
  /** The stored bytes, or undefined when there is no such file. */
  get(key: string): Promise<Uint8Array | undefined>
  delete(key: string): Promise<void>
  /** Writes a file a piece at a time, never holding all of it (replacing any under the key). */
  write(key: string): Promise<FileWrite>
  /** The stored bytes as a stream, read a piece at a time; undefined when there is no such file. */
  read(key: string): Promise<ReadableStream<Uint8Array> | undefined>
  /**
   * At start: removes what writes cut short (by a crash or a kill) left behind, if older than
   * `olderThanMs` — 0 when no other process writes to the store. Returns how many went.
   */
  clean(options?: { olderThanMs?: number }): Promise<number>
}

const keyPattern = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

function checkKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`bad storage key: ${key}`)
  return key
}

/** The temporary name of a write in progress: `<key>.<uuid>.part`. */
const partialName = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/

/** Files under a folder of DATA_DIR, outside the web root; written to a temporary name first. */
export class DiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly now: () => number = Date.now,
  ) {}

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = join(this.root, checkKey(key))
    await mkdir(join(path, '..'), { recursive: true })
    const partial = `${path}.${randomUUID()}.part`
    try {
      await writeFile(partial, data)
      await rename(partial, path)
    } catch (err) {
      await rm(partial, { force: true }).catch(() => undefined)
      throw err
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(join(this.root, checkKey(key)))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    await rm(join(this.root, checkKey(key)), { force: true })
  }

  async write(key: string): Promise<FileWrite> {
    const path = join(this.root, checkKey(key))
    await mkdir(join(path, '..'), { recursive: true })
    const partial = `${path}.${randomUUID()}.part`
    const stream = createWriteStream(partial)
    const ended = async () => {
      if (!stream.writableEnded) stream.end()
      await finished(stream)
    }
    return {
      stream,
      close: async () => {
        await ended()
        await rename(partial, path)
      },
      abort: async () => {
        await ended().catch(() => undefined)
        await rm(partial, { force: true })
      },
    }
  }

  async read(key: string): Promise<ReadableStream<Uint8Array> | undefined> {
    const path = join(this.root, checkKey(key))
    const exists = await stat(path).then(
      () => true,
      () => false,
    )
    return exists
      ? (Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>)
      : undefined
  }

  async clean({ olderThanMs = 0 } = {}): Promise<number> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return []
        throw err
      },
    )
    let removed = 0
    for (const entry of entries) {
      if (!entry.isFile() || !partialName.test(entry.name)) continue
      const path = join(entry.parentPath, entry.name)
      const written = await stat(path).then(
        (s) => s.mtimeMs,
        () => undefined,
      )
      if (written === undefined || this.now() - written < olderThanMs) continue
      await rm(path, { force: true })
      removed++
    }
    return removed
  }
}

/** For tests and DATA_DIR=memory://: the same contract, kept in the process. */
class MemoryStorage implements FileStorage {
  private readonly files = new Map<string, Uint8Array>()

  async put(key: string, data: Uint8Array): Promise<void> {
    this.files.set(checkKey(key), data.slice())
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.files.get(checkKey(key))
  }

  async delete(key: string): Promise<void> {
    this.files.delete(checkKey(key))
  }

  async write(key: string): Promise<FileWrite> {
    checkKey(key)
    const chunks: Buffer[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      },
    })
    return {
      stream,
      close: async () => {
        if (!stream.writableEnded) stream.end()
        await finished(stream)
        this.files.set(key, Buffer.concat(chunks))
      },
      abort: async () => {
        stream.destroy()
      },
    }
  }

  async read(key: string): Promise<ReadableStream<Uint8Array> | undefined> {
    const data = this.files.get(checkKey(key))
    return data && (Readable.toWeb(Readable.from([data])) as ReadableStream<Uint8Array>)
  }

  /** Nothing is ever half written here. */
  async clean(): Promise<number> {
    return 0
  }
}

export const storageFor = (dataDir: string): FileStorage =>
  dataDir === 'memory://' ? new MemoryStorage() : new DiskStorage(join(dataDir, 'uploads'))
