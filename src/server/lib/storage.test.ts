import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DiskStorage } from './storage.ts'

describe('DiskStorage', () => {
  let root: string
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-test-'))
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  it('puts, gets and deletes by key, refusing keys that could leave the store', async () => {
    const store = new DiskStorage(root)
    await store.put('admission/x/y', new Uint8Array([1, 2, 3]))
    expect([...(await store.get('admission/x/y'))!]).toEqual([1, 2, 3])
    await store.delete('admission/x/y')
    expect(await store.get('admission/x/y')).toBeUndefined()
    for (const key of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', 'A']) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow('bad storage key')
    }
  })

  it('leaves no partial file behind when a write fails', async () => {
    const store = new DiskStorage(root)
    await store.put('a/b', new Uint8Array([1]))
    // 'a' is a folder now: the final rename fails.
    await expect(store.put('a', new Uint8Array([2]))).rejects.toThrow()
    expect((await readdir(root)).sort()).toEqual(['a'])
    expect(await readdir(join(root, 'a'))).toEqual(['b'])
  })

  it('removes at start the partial files a crash left, and nothing else', async () => {
    const start = Date.parse('2027-01-10T10:00:00Z')
    const store = new DiskStorage(root, () => start)
    await store.put('admission/i/a/kept', new Uint8Array([1]))
    const partial = (key: string) => `${key}.${crypto.randomUUID()}.part`
    const left = [partial('admission/i/a/lost'), partial('admission/j/b/lost')]
    const fresh = partial('admission/i/a/writing')
    await mkdir(join(root, 'admission/j/b'), { recursive: true })
    for (const path of [...left, fresh, 'admission/i/a/notes.part']) {
      await writeFile(join(root, path), 'half')
    }
    // Written an hour before this start, but for the one being written now.
    for (const path of left)
      await utimes(join(root, path), new Date(start - 3_600_000), new Date(start - 3_600_000))
    await utimes(join(root, fresh), new Date(start - 1_000), new Date(start - 1_000))

    // Shared with another process: only what is older than a write could take.
    expect(await store.clean({ olderThanMs: 10 * 60_000 })).toBe(2)
    expect((await readdir(join(root, 'admission/i/a'))).sort()).toEqual(
      ['kept', 'notes.part', fresh.split('/').pop()].sort(),
    )
    expect(await readdir(join(root, 'admission/j/b'))).toEqual([])
    // Alone with the store: every partial file goes; the stored files stay.
    expect(await store.clean()).toBe(1)
    expect((await readdir(join(root, 'admission/i/a'))).sort()).toEqual(['kept', 'notes.part'])
    expect([...(await store.get('admission/i/a/kept'))!]).toEqual([1])
  })

  it('cleans a store nothing was ever written to', async () => {
    expect(await new DiskStorage(join(root, 'never-made')).clean()).toBe(0)
  })
})
