import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LoginResponse } from '../../../shared/schemas/auth.ts'
import { auditLog } from '../../db/schema/access.ts'
import {
  addUser,
  adminPassword,
  bearer,
  createTestApp,
  jsonRequest,
  signIn,
} from '../../test-support/test-app.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('impersonation', () => {
  let t: T
  let cashierId: string
  let foreignId: string
  beforeAll(async () => {
    t = await createTestApp({ impersonationTtl: 300 })
    cashierId = (await addUser(t, { username: 'cashier', password: 'cashier-pass-1' })).id
    foreignId = (
      await addUser(t, { username: 'foreign', password: 'foreign-pass-1', otherInstitute: true })
    ).id
  })
  afterAll(() => t.database.close())

  const impersonate = (token: string, userId: string) =>
    t.app.request(
      '/api/auth/impersonate',
      jsonRequest({ user_id: userId }, { Authorization: `Bearer ${token}` }),
    )

  it('gives an admin a short-lived token acting as another user of the institute, audited', async () => {
    const admin = await signIn(t, 'admin', adminPassword)
    const res = await impersonate(admin, cashierId)
    expect(res.status).toBe(200)
    const { access_token } = (await res.json()) as { access_token: string }
    const exp = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString())
      .exp as number
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(300)

    const me = (await (
      await t.app.request('/api/auth/user', bearer(access_token))
    ).json()) as LoginResponse
    expect(me.userData.username).toBe('cashier')
    expect(me.userData.impersonatedBy).toBeDefined()
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'impersonate'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.entityId).toBe(cashierId)
  })

  it('is refused to a user who is not an admin', async () => {
    const cashier = await signIn(t, 'cashier', 'cashier-pass-1')
    expect((await impersonate(cashier, cashierId)).status).toBe(403)
  })

  it('never reaches another institute’s user, and rejects malformed input', async () => {
    const admin = await signIn(t, 'admin', adminPassword)
    expect((await impersonate(admin, foreignId)).status).toBe(404)
    expect((await impersonate(admin, 'not-a-uuid')).status).toBe(422)
    expect(
      (await t.app.request('/api/auth/impersonate', jsonRequest({ user_id: cashierId }))).status,
    ).toBe(401)
  })
})
