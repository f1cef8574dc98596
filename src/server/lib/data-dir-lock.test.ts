import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirInUse, lockDataDir } from './data-dir-lock.ts'

const root = resolve(import.meta.dirname, '../../..')
const started: ChildProcess[] = []

/** The real server (what `npm start` runs) as its own node process, on PORT=0. */
function server(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    // Info level for the `listening` line, which names the port chosen.
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'lock-test-password',
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, stderr }))
  /** The URL it serves, once it listens; rejects when it exits first. */
  const listening = () =>
    new Promise<string>((ready, fail) => {
      const check = () => {
        const url = /"msg":"listening","url":"([^"]+)"/.exec(stdout)?.[1]
        if (url) ready(url)
      }
      check()
      child.stdout!.on('data', check)
      void exited.then(({ code }) => fail(new Error(`exited with ${code}: ${stderr}`)))
    })
  return { child, listening, exited }
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL')
})

describe('one server per DATA_DIR', () => {
  it('refuses a second server naming the first, and lets a restart follow a crash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ems-lock-'))
    const first = server(dataDir)
    const firstUrl = await first.listening()
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200)

    const second = server(dataDir)
    const refused = await second.exited
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`in use by process ${first.child.pid}, serving ${firstUrl}`)
    expect((await fetch(`${firstUrl}/api/health`)).status).toBe(200)

    // A crash leaves the lock's socket file behind: it must not block the restart. It may also
    // leave an upload half written, which the restart removes.
    first.child.kill('SIGKILL')
    await first.exited
    const uploads = join(dataDir, 'uploads/applicants/some-applicant')
    mkdirSync(uploads, { recursive: true })
    writeFileSync(join(uploads, 'photo.3f1c9a52-5b8e-4d67-9a0b-2f6e1c7d8a90.part'), 'half')
    writeFileSync(join(uploads, 'photo'), 'stored')
    const third = server(dataDir)
    const thirdUrl = await third.listening()
    expect((await fetch(`${thirdUrl}/api/health`)).status).toBe(200)
    expect(readdirSync(uploads)).toEqual(['photo'])
    third.child.kill('SIGTERM')
    expect((await third.exited).code).toBe(0)
  }, 180_000)

  it('lets exactly one of several processes starting at once replace a stale lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ems-lock-'))
    // A holder killed while listening leaves its socket file behind.
    const crashed = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(join(dataDir, '.server.lock'))}, () => process.kill(process.pid, 'SIGKILL'))`,
    ])
    await once(crashed, 'exit')
    const attempts = await Promise.allSettled([1, 2, 3, 4].map(() => lockDataDir(dataDir)))
    const held = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))
    expect(held).toHaveLength(1)
    for (const a of attempts) {
      if (a.status === 'rejected') {
        expect(a.reason).toBeInstanceOf(DataDirInUse)
        expect((a.reason as DataDirInUse).holder).toEqual({ pid: process.pid })
      }
    }
    await held[0]!.release()
    const again = await lockDataDir(dataDir)
    await again.release()
  })
})
