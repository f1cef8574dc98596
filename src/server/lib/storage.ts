import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Where uploaded files live. Keys are made by the server (never from a file name), so no
 * request can point outside the store. An S3-compatible store would implement the same three.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>
  /** The stored bytes, or undefined when there is no such file. */
  get(key: string): Promise<Uint8Array | undefined>
  delete(key: string): Promise<void>
}

const keyPattern = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/

function checkKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`bad storage key: ${key}`)
  return key
}

/** Files under a folder of DATA_DIR, outside the web root; written to a temporary name first. */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

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
}

/** For tests and DATA_DIR=memory://: the same contract, kept in the process. */
export class MemoryStorage implements FileStorage {
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
}

export const storageFor = (dataDir: string): FileStorage =>
  dataDir === 'memory://' ? new MemoryStorage() : new DiskStorage(join(dataDir, 'uploads'))
