import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test-support/test-app.ts'

describe('rate limits', () => {
  it('count on the database of the app serving the request, when one process serves several', async () => {
    // A route module is loaded once per process; its limit must not keep the first app's counts.
    const logo = '/api/institutes/logo/0b0c5d2e-8f7a-4c1e-9d3b-2a6f4e8c1b7d/no-such-version'
    const first = await createTestApp()
    const second = await createTestApp()
    try {
      expect((await first.app.request(logo)).status).toBe(404)
      await first.database.close()
      expect((await second.app.request(logo)).status).toBe(404)
    } finally {
      await second.database.close()
    }
  })
})
