import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'

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
