import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CreatedInstitute, PlatformInstitute } from '../../../shared/schemas/platform.ts'
import { auditLog, roles } from '../../db/schema/access.ts'
import { accounts } from '../../db/schema/accounting.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { instituteHeader } from '../../lib/auth.ts'
import { adminSuite, login } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

const base = '/api/platform/institutes'

const newInstitute = (extra: object = {}) => ({
  name: 'Riverside Academy',
  slug: 'riverside',
  currency: 'eur',
  timezone: 'Europe/Lisbon',
  adminUsername: 'river-admin',
  adminFullName: 'Rita River',
  adminEmail: 'rita@riverside.example',
  adminPhone: '',
  ...extra,
})

describe('platform institutes', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const create = (body: object, key = crypto.randomUUID()) =>
    asUser(t, admin, 'POST', base, body, { 'Idempotency-Key': key })

  /** The temporary password the outbox sent to an address. */
  const temporaryPassword = async (recipient: string) => {
    const line = await t.lastMessageTo(recipient)
    return /temporary password (\S+),/.exec(line ?? '')?.[1]
  }

  it('creates an institute set up like every other, its admin told a temporary password', async () => {
    const res = await create(newInstitute())
    expect(res.status).toBe(201)
    const created = (await res.json()) as CreatedInstitute
    expect(created).toMatchObject({
      institute: {
        name: 'Riverside Academy',
        slug: 'riverside',
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
        status: 'active',
        users: 1,
      },
      admin: { username: 'river-admin', sentTo: ['email'] },
    })
    const id = created.institute.id
    const roleNames = await t.database.db
      .select({ name: roles.name })
      .from(roles)
      .where(eq(roles.instituteId, id))
    expect(roleNames.map((r) => r.name)).toEqual(
      expect.arrayContaining(['admin', 'client', 'accountant', 'cashier']),
    )
    const chart = await t.database.db.select().from(accounts).where(eq(accounts.instituteId, id))
    expect(chart.length).toBeGreaterThan(10)

    const password = await temporaryPassword('rita@riverside.example')
    expect(password).toBeTruthy()
    const token = await signIn(t, 'river-admin', password!)
    const blocked = await asUser(t, token, 'GET', '/api/access/users')
    expect(await blocked.json()).toMatchObject({ code: 'password_change_required' })

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'create')))
    expect(row).toMatchObject({ area: 'institutes', entity: 'institute', instituteId: id })
    expect(JSON.stringify(row!.after)).not.toContain(password!)
  })

  it('creates one institute for a double click (the same Idempotency-Key)', async () => {
    const key = crypto.randomUUID()
    const body = newInstitute({
      name: 'Twice Tried School',
      slug: 'twice',
      adminUsername: 'twice-admin',
      adminEmail: '',
      adminPhone: '+351 912 345 678',
    })
    const [a, b] = await Promise.all([create(body, key), create(body, key)])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    const [first, second] = (await Promise.all([a.json(), b.json()])) as CreatedInstitute[]
    expect(first!.institute.id).toBe(second!.institute.id)
    expect(first!.admin.sentTo).toEqual(['sms'])
    const rows = await t.database.db.select().from(institutes).where(eq(institutes.slug, 'twice'))
    expect(rows).toHaveLength(1)
    const other = await create({ ...body, name: 'Another name' }, key)
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({
      code: 'idempotency_conflict',
      values: { subject: 'institute' },
    })
  })

  it('names each refused field, and says when the address is taken', async () => {
    const res = await create({
      name: ' ',
      slug: 'Not a slug!',
      currency: 'XYZ',
      timezone: 'Mars/Olympus',
      adminUsername: 'x',
      adminFullName: '',
      adminEmail: '',
      adminPhone: '',
    })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { fields: Record<string, { code: string }[]> }
    expect(body.fields).toMatchObject({
      name: [{ code: 'institute_name_required' }],
      slug: [{ code: 'slug_shape' }],
      currency: [{ code: 'currency_unknown' }],
      timezone: [{ code: 'timezone_unknown' }],
      adminUsername: [{ code: 'username_shape' }],
      adminFullName: [{ code: 'full_name_required' }],
      adminEmail: [{ code: 'admin_contact_required' }],
    })
    const taken = await create(
      newInstitute({
        slug: 'demo-school',
        adminUsername: 'someone-new',
        adminEmail: 'new@x.example',
      }),
    )
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({
      code: 'slug_taken',
      fields: { slug: [{ code: 'slug_taken' }] },
    })
    const user = await create(
      newInstitute({ slug: 'fresh-one', adminUsername: 'ADMIN', adminEmail: 'new@x.example' }),
    )
    expect(user.status).toBe(422)
    expect(await user.json()).toMatchObject({
      fields: { adminUsername: [{ code: 'username_taken' }] },
    })
    const noKey = await asUser(t, admin, 'POST', base, newInstitute({ slug: 'no-key' }))
    expect(noKey.status).toBe(400)
    expect(await noKey.json()).toMatchObject({ code: 'idempotency_key_required' })
  })

  it('lists institutes with their users, searched, filtered and paged', async () => {
    const res = await asUser(t, admin, 'GET', `${base}?q=river&perPage=5`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      total: 1,
      perPage: 5,
      data: [{ slug: 'riverside', users: 1, status: 'active' }],
    })
    const all = (await (
      await asUser(t, admin, 'GET', `${base}?sortBy=users&sortDesc=true`)
    ).json()) as {
      data: PlatformInstitute[]
    }
    expect(all.data[0]).toMatchObject({ slug: 'demo-school' })
    const options = await asUser(t, admin, 'GET', `${base}/options`)
    expect(await options.json()).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ slug: 'riverside' })]),
    })
    const bad = await asUser(t, admin, 'GET', `${base}?status=closed`)
    expect(bad.status).toBe(422)
  })

  it('suspends an institute: its users are refused, its admissions closed; reactivates it', async () => {
    const created = (await (
      await create(
        newInstitute({
          slug: 'hilltop',
          adminUsername: 'hill-admin',
          adminEmail: 'h@hill.example',
        }),
      )
    ).json()) as CreatedInstitute
    const id = created.institute.id
    const password = (await temporaryPassword('h@hill.example'))!
    const session = await signIn(t, 'hill-admin', password)

    const noReason = await asUser(t, admin, 'POST', `${base}/${id}/suspend`, { reason: ' ' })
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      fields: { reason: [{ code: 'suspension_reason_required' }] },
    })
    const res = await asUser(t, admin, 'POST', `${base}/${id}/suspend`, { reason: 'Unpaid bills' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Unpaid bills',
    })
    const again = await asUser(t, admin, 'POST', `${base}/${id}/suspend`, { reason: 'Twice' })
    expect(again.status).toBe(409)

    // The session stops at its next request; signing in is refused with the reason's code.
    const cut = await asUser(t, session, 'GET', '/api/auth/sessions')
    expect(cut.status).toBe(401)
    expect(await cut.json()).toMatchObject({ code: 'institute_suspended' })
    const refused = await login(t, { username: 'hill-admin', password })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'institute_suspended' })
    // A wrong password learns nothing of it.
    const wrong = await login(t, { username: 'hill-admin', password: 'not-the-password' })
    expect(await wrong.json()).toMatchObject({ code: 'invalid_credentials' })

    const page = await t.app.request('/api/admission/public/hilltop')
    expect(await page.json()).toMatchObject({ institute: { admissionsOpen: false }, forms: [] })

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'suspend')))
    expect(audit).toMatchObject({
      area: 'institutes',
      before: { status: 'active' },
      after: { status: 'suspended', suspensionReason: 'Unpaid bills' },
    })

    const back = await asUser(t, admin, 'POST', `${base}/${id}/reactivate`, { reason: 'Paid' })
    expect(await back.json()).toMatchObject({ status: 'active', suspensionReason: null })
    expect((await login(t, { username: 'hill-admin', password })).status).toBe(200)
    const open = await t.app.request('/api/admission/public/hilltop')
    expect(await open.json()).toMatchObject({ institute: { admissionsOpen: true } })
    const notSuspended = await asUser(t, admin, 'POST', `${base}/${id}/reactivate`, {})
    expect(notSuspended.status).toBe(409)
  })

  it('refuses to suspend the platform admin’s own institute', async () => {
    const [demo] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'demo-school'))
    const res = await asUser(t, admin, 'POST', `${base}/${demo!.id}/suspend`, { reason: 'Oops' })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'own_institute_suspend' })
    // Also while working inside another institute.
    const [other] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'riverside'))
    const inside = await asUser(
      t,
      admin,
      'POST',
      `${base}/${demo!.id}/suspend`,
      { reason: 'Oops' },
      { [instituteHeader]: other!.id },
    )
    expect(inside.status).toBe(403)
    const unknown = await asUser(t, admin, 'POST', `${base}/${crypto.randomUUID()}/suspend`, {
      reason: 'x',
    })
    expect(unknown.status).toBe(404)
  })

  it('answers 403 to anyone but a platform administrator, an institute’s admin included', async () => {
    await addUser(t, { username: 'plain-admin', password: 'plain-admin-pass', roles: ['admin'] })
    const plain = await signIn(t, 'plain-admin', 'plain-admin-pass')
    const [riverside] = await t.database.db
      .select()
      .from(institutes)
      .where(eq(institutes.slug, 'riverside'))
    const calls: [string, string, object?][] = [
      ['GET', base],
      ['GET', `${base}/options`],
      ['GET', `${base}/${riverside!.id}`],
      ['POST', base, newInstitute({ slug: 'by-plain' })],
      ['POST', `${base}/${riverside!.id}/suspend`, { reason: 'No' }],
      ['POST', `${base}/${riverside!.id}/reactivate`, {}],
    ]
    for (const [method, path, body] of calls) {
      const res = await asUser(t, plain, method, path, body, { 'Idempotency-Key': 'plain-key-1' })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'platform_admin_only' })
    }
    // Acting as a platform admin lends nothing.
    const acting = (await (
      await asUser(t, admin, 'POST', '/api/auth/impersonate', {
        user_id: (
          await addUser(t, {
            username: 'platform-2',
            password: 'platform-2-pass',
            roles: ['admin'],
            isPlatformAdmin: true,
          })
        ).id,
      })
    ).json()) as { access_token: string }
    const viaImpersonation = await asUser(t, acting.access_token, 'GET', base)
    expect(viaImpersonation.status).toBe(403)
  })
})
