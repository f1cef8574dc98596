import { mkdtemp, readdir, rm } from 'node:fs/promises'
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
})
