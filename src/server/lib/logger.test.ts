import { describe, expect, it } from 'vitest'
import { createLogger, errorDetail } from './logger.ts'

describe('the log', () => {
  it('writes one JSON object per line at or above its level', () => {
    const lines: string[] = []
    const log = createLogger('warn', (l) => lines.push(l))
    log.info('hidden')
    log.warn('shown', { status: 503 })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'shown', status: 503 })
  })

  it('never writes a token, wherever it appears', () => {
    const lines: string[] = []
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
    createLogger('info', (l) => lines.push(l)).info('request', {
      path: `/impersonation-setup/${token}`,
      report: { stack: `at ${token}` },
    })
    expect(lines[0]).not.toContain(token)
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/impersonation-setup/[redacted]' })
  })
})

describe('errorDetail', () => {
  it('keeps the stack and drops a failed query’s parameters', () => {
    const err = new Error('Failed query: update users set hash = $1\nparams: scrypt$17$abc,42')
    const detail = errorDetail(err)
    expect(detail).toContain('Failed query: update users')
    expect(detail).toContain('at ')
    expect(detail).toContain('params: [redacted]')
    expect(detail).not.toContain('scrypt$17$abc')
    expect(errorDetail('plain reason')).toBe('plain reason')
  })
})
