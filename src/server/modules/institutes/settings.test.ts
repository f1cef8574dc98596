import { and, desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { InstituteSettings } from '../../../shared/schemas/institutes.ts'
import { auditLog } from '../../db/schema/access.ts'
import { accountNamed } from '../../test-support/accounting.ts'
import { inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { picture } from '../../test-support/public-admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addInstitute, addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

const path = '/api/institutes/settings'

const demo = {
  name: 'Demo School and College',
  shortName: 'DSC',
  slug: 'demo-school',
  address: 'House 12, Road 7, Dhanmondi, Dhaka 1205',
  phone: '+880 2 9660000',
  email: 'office@demo-school.example',
  currency: 'BDT',
  timezone: 'Asia/Dhaka',
  locale: 'en',
}

const logoForm = (bytes: Uint8Array, name = 'logo.png') => {
  const form = new FormData()
  form.set('file', new File([bytes], name))
  return form
}

describe('institute settings', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const put = (body: object) => asUser(t, admin, 'PUT', path, { ...demo, ...body })
  const uploadLogo = (token: string, bytes: Uint8Array) =>
    t.app.request(`${path}/logo`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}` },
      body: logoForm(bytes),
    })
  const lastAudit = async (entity: string) => {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.area, 'institutes'), eq(auditLog.entity, entity)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
    return row
  }

  it('reads and saves the settings, with the currency’s digits stored and an audit row', async () => {
    const read = (await (await asUser(t, admin, 'GET', path)).json()) as InstituteSettings
    expect(read).toMatchObject({ ...demo, currencyDigits: 2, logo: null, currencyLocked: false })

    const saved = await put({ name: '  Dhaka Model School  ', currency: 'jpy', locale: 'de' })
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({
      name: 'Dhaka Model School',
      currency: 'JPY',
      currencyDigits: 0,
      locale: 'de',
    })
    expect(await lastAudit('institute')).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ name: demo.name, currency: 'BDT' }),
      after: expect.objectContaining({ name: 'Dhaka Model School', currencyDigits: 0 }),
    })
    // The signed-in user's institute carries them too: money is shown with them.
    const me = (await (await asUser(t, admin, 'GET', '/api/auth/user')).json()) as {
      userData: { institute: object }
    }
    expect(me.userData.institute).toMatchObject({
      name: 'Dhaka Model School',
      currency: 'JPY',
      currencyDigits: 0,
      timezone: 'Asia/Dhaka',
    })
    const kuwaiti = await put({ currency: 'KWD' })
    expect(await kuwaiti.json()).toMatchObject({ currencyDigits: 3 })
    // Bangla is one of the institute's languages (its prints and texts follow it).
    expect(await (await put({ locale: 'bn' })).json()).toMatchObject({ locale: 'bn' })
    await put({})
  })

  it('refuses each bad field with a 422 naming it', async () => {
    const cases: [object, string, string][] = [
      [{ name: ' ' }, 'name', 'institute_name_required'],
      [{ slug: 'Has Spaces' }, 'slug', 'slug_shape'],
      [{ slug: 'ab' }, 'slug', 'slug_shape'],
      [{ slug: 'double--hyphen' }, 'slug', 'slug_shape'],
      [{ slug: 'trailing-' }, 'slug', 'slug_shape'],
      [{ currency: 'ABC' }, 'currency', 'currency_unknown'],
      [{ currency: 'TAKA' }, 'currency', 'currency_unknown'],
      [{ timezone: 'Mars/Olympus' }, 'timezone', 'timezone_unknown'],
      [{ timezone: '+06:00' }, 'timezone', 'timezone_unknown'],
      [{ locale: 'hi' }, 'locale', 'locale_unknown'],
      [{ email: 'office at school' }, 'email', 'invalid_email'],
      [{ phone: 'call us' }, 'phone', 'invalid_phone'],
      [{ shortName: 'x'.repeat(21) }, 'shortName', 'too_long'],
      [{ address: 'x'.repeat(501) }, 'address', 'too_long'],
    ]
    for (const [body, field, code] of cases) {
      const res = await put(body)
      expect(res.status, field).toBe(422)
      const answer = (await res.json()) as { fields: Record<string, { code: string }[]> }
      expect(Object.keys(answer.fields), JSON.stringify(body)).toEqual([field])
      expect(answer.fields[field]![0]!.code).toBe(code)
    }
    // Empty contacts are allowed.
    expect((await put({ email: '', phone: '', shortName: '', address: '' })).status).toBe(200)
    await put({})
  })

  it('refuses reserved and taken slugs with a 409 naming the slug', async () => {
    await addInstitute(t, 'other-school')
    for (const [slug, code] of [
      ['payment', 'slug_reserved'],
      ['api', 'slug_reserved'],
      ['other-school', 'slug_taken'],
    ]) {
      const res = await put({ slug })
      expect(res.status, slug).toBe(409)
      expect(await res.json()).toMatchObject({ code, fields: { slug: [{ code }] } })
    }
  })

  it('keeps old slugs answering with a redirect, and no one else may take them', async () => {
    expect((await put({ slug: 'dhaka-model-school' })).status).toBe(200)
    // The public pages: a 301 to the same page at the new slug, query kept.
    const page = await t.app.request('/admission/demo-school/some-form?x=1', {
      headers: { Accept: 'text/html' },
    })
    expect(page.status).toBe(301)
    expect(page.headers.get('location')).toBe('/admission/dhaka-model-school/some-form?x=1')
    // The public API: a 308, so a submission is sent again as it was.
    const api = await t.app.request('/api/admission/public/demo-school')
    expect(api.status).toBe(308)
    expect(api.headers.get('location')).toBe('/api/admission/public/dhaka-model-school')
    const followed = await t.app.request(api.headers.get('location')!)
    expect(await followed.json()).toMatchObject({
      institute: { slug: 'dhaka-model-school', currencyDigits: 2, logo: null },
    })
    const post = await t.app.request('/api/admission/public/demo-school/forms/x/applications', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: '{}',
    })
    expect(post.status).toBe(308)
    // An unknown or malformed slug stays a 404.
    expect((await t.app.request('/api/admission/public/no-such-school')).status).toBe(404)
    const malformed = await t.app.request('/admission/%E0%A4%A', {
      headers: { Accept: 'text/html' },
    })
    expect(malformed.status).toBe(404)

    // Another institute cannot take the old slug.
    const other = await addUser(t, {
      username: 'other-admin',
      password: 'other-admin-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const otherToken = await signIn(t, other.username, 'other-admin-pass')
    const otherSettings = (await (
      await asUser(t, otherToken, 'GET', path)
    ).json()) as InstituteSettings
    const taken = await asUser(t, otherToken, 'PUT', path, {
      ...demo,
      name: otherSettings.name,
      slug: 'demo-school',
    })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({ code: 'slug_taken', fields: { slug: [{}] } })

    // Taking an old slug back makes it current again: no redirect loop.
    expect((await put({ slug: 'demo-school' })).status).toBe(200)
    expect((await t.app.request('/api/admission/public/demo-school')).status).toBe(200)
    const back = await t.app.request('/api/admission/public/dhaka-model-school')
    expect(back.headers.get('location')).toBe('/api/admission/public/demo-school')
  })

  it('stores the logo re-encoded and scaled, serves it publicly with long caching', async () => {
    // A plain wide banner: quick to encode, larger than a logo is kept.
    const big = new Uint8Array(
      await sharp({
        create: { width: 1200, height: 600, channels: 3, background: '#0a5c36' },
      })
        .png()
        .toBuffer(),
    )
    const res = await uploadLogo(admin, big)
    expect(res.status).toBe(200)
    const { logo } = (await res.json()) as InstituteSettings
    expect(logo).toMatchObject({ width: 512, height: 256 })
    const served = await t.app.request(logo!.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 512 })
    expect(await lastAudit('institute')).toMatchObject({ action: 'update_logo' })
    // The public pages get it with its size, so they reserve its room.
    const publicList = await t.app.request('/api/admission/public/demo-school')
    expect(await publicList.json()).toMatchObject({ institute: { logo } })

    // A new logo is a new address; the old one is gone.
    const next = (await (
      await uploadLogo(admin, await picture('webp'))
    ).json()) as InstituteSettings
    expect(next.logo!.url).not.toBe(logo!.url)
    expect(next.logo).toMatchObject({ width: 24, height: 16 })
    expect((await t.app.request(logo!.url)).status).toBe(404)
    expect((await t.app.request(next.logo!.url)).headers.get('content-type')).toBe('image/webp')

    const removed = await asUser(t, admin, 'DELETE', `${path}/logo`)
    expect(await removed.json()).toMatchObject({ logo: null })
    expect((await t.app.request(next.logo!.url)).status).toBe(404)
    expect(await lastAudit('institute')).toMatchObject({ action: 'remove_logo' })
  })

  it('refuses a logo that is not a PNG, JPEG or WEBP image, by its content', async () => {
    const pdfNamedPng = new TextEncoder().encode('%PDF-1.7\n%%EOF\n')
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    for (const bytes of [pdfNamedPng, svg]) {
      const res = await uploadLogo(admin, bytes)
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ code: 'logo_type', fields: { file: [{}] } })
    }
    const truncated = (await picture('jpeg', { width: 64, height: 64 })).slice(0, 300)
    const damaged = await uploadLogo(admin, truncated)
    expect(damaged.status).toBe(422)
    expect(await damaged.json()).toMatchObject({ code: 'file_damaged' })
    const tooBig = await uploadLogo(admin, new Uint8Array(1_000_001).fill(0x89))
    expect(tooBig.status).toBe(422)
    expect(await tooBig.json()).toMatchObject({ code: 'logo_too_large' })
  })

  it('keeps the currency once vouchers exist', async () => {
    const posted = await asUser(t, admin, 'POST', '/api/accounting/vouchers', {
      type: 'receipt',
      date: inFiscalYear(0, '09-02'),
      narration: 'Fine paid',
      lines: [
        { accountId: (await accountNamed(t, admin, 'Cash in hand')).id, debit: 300 },
        { accountId: (await accountNamed(t, admin, 'Fine income')).id, credit: 300 },
      ],
    })
    expect(posted.status).toBe(201)
    const read = (await (await asUser(t, admin, 'GET', path)).json()) as InstituteSettings
    expect(read.currencyLocked).toBe(true)
    const changed = await put({ currency: 'USD' })
    expect(changed.status).toBe(409)
    expect(await changed.json()).toMatchObject({
      code: 'currency_locked',
      fields: { currency: [{ code: 'currency_locked' }] },
    })
    // Everything else still changes.
    expect((await put({ name: 'Demo School' })).status).toBe(200)
  })

  it('is for those with the institute permission only', async () => {
    await addUser(t, { username: 'cashier-1', password: 'cashier-pass-1', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier-1', 'cashier-pass-1')
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(403)
    expect((await asUser(t, cashier, 'PUT', path, demo)).status).toBe(403)
    expect((await uploadLogo(cashier, await picture('png'))).status).toBe(403)
    expect((await asUser(t, cashier, 'DELETE', `${path}/logo`)).status).toBe(403)
    expect((await t.app.request(path)).status).toBe(401)
  })
})
