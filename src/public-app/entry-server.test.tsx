import { setupI18n } from '@lingui/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fieldLabels } from '../features/admission/labels.ts'
import { messages as de } from '../locales/de/messages.po'
import { messages as en } from '../locales/en/messages.po'
import { demoInstituteId, insertApplicant, insertForm } from '../server/test-support/admission.ts'
import { createTestApp, type TestApp } from '../server/test-support/test-app.ts'
import type { PublicAdmissionForm } from '../shared/schemas/admission-forms.ts'
import type { Receipt } from '../shared/schemas/collection-receipts.ts'
import { localeOf, render, setServerFetch } from './entry-server.tsx'
import type { Island } from './island.ts'

/*
 * The public pages as the server renders them, against the app in this process (no build): what
 * a phone shows before any script has run, and the data the browser takes the page over with.
 */
let t: TestApp
const assets = () => ({ entry: '/assets/shell.js', preloads: ['/assets/page.js'], css: [] })

beforeAll(async () => {
  t = await createTestApp()
  setServerFetch(async (request) => t.app.fetch(request))
  // As on the server (Node 20): a page reading the browser's `navigator` while rendering fails.
  vi.stubGlobal('navigator', undefined)
})
afterAll(() => {
  vi.unstubAllGlobals()
  return t.database.close()
})

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;')

async function page(path: string, language = 'en') {
  const response = await render(
    new Request(`http://localhost${path}`, {
      headers: { accept: 'text/html', 'accept-language': language },
    }),
    assets,
  )
  if (!response) throw new Error(`no public page at ${path}`)
  const html = await response.text()
  const island = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)
  return {
    status: response.status,
    html,
    island: island ? (JSON.parse(island[1]!) as Island) : undefined,
  }
}

describe('the institute page', () => {
  it('is rendered with the institute and its open forms, in the visitor’s language', async () => {
    const en = await page('/admission/demo-school')
    expect(en.status).toBe(200)
    expect(en.html).toContain('<html lang="en"')
    expect(en.html).toContain('Demo School and College')
    expect(en.html).toContain('<h1>Admission</h1>')
    expect(en.html).toContain('Class One admission 2027')

    const de = await page('/admission/demo-school', 'de-DE,de;q=0.9,en;q=0.8')
    expect(de.html).toContain('<html lang="de"')
    expect(de.html).toContain('<h1>Aufnahme</h1>')
    expect(de.html).toContain('>Bewerben</a>')
  })

  it('carries its data as JSON that no browser runs, and no other script than the entry', async () => {
    const { html, island } = await page('/admission/demo-school')
    expect(island?.locale).toBe('en')
    expect(island?.outcome).toBe('page')
    const forms = island?.queries.queries.find((q) => q.queryKey.includes('forms'))
    expect(forms?.state.data).toMatchObject({ institute: { slug: 'demo-school' } })
    const scripts = html.match(/<script[^>]*>/g)
    expect(scripts).toEqual([
      '<script type="module" src="/assets/shell.js" data-preload="/assets/page.js">',
      '<script type="application/json" id="page-data">',
    ])
    expect(html).not.toContain('modulepreload')
  })

  it('stays in one piece, without a script to put it together, however many forms are open', async () => {
    const { admissionForms } = await import('../server/db/schema/admission.ts')
    const { eq, inArray } = await import('drizzle-orm')
    const [form] = await t.database.db
      .select()
      .from(admissionForms)
      .where(eq(admissionForms.published, true))
      .limit(1)
    const copy = { ...form!, id: undefined, createdAt: undefined, updatedAt: undefined }
    const added = await t.database.db
      .insert(admissionForms)
      .values(Array.from({ length: 120 }, (_, i) => ({ ...copy, title: `Extra form ${i + 1}` })))
      .returning({ id: admissionForms.id })
    try {
      const { html } = await page('/admission/demo-school')
      expect(html.length).toBeGreaterThan(30_000)
      expect(html).toContain('Extra form 120')
      expect(html.match(/<script[^>]*>/g)).toHaveLength(2)
    } finally {
      await t.database.db.delete(admissionForms).where(
        inArray(
          admissionForms.id,
          added.map((a) => a.id),
        ),
      )
    }
  })

  it('escapes what could end the island early', async () => {
    const { institutes } = await import('../server/db/schema/institutes.ts')
    const { eq } = await import('drizzle-orm')
    await t.database.db
      .update(institutes)
      .set({ name: '</script><script>alert(1)</script>' })
      .where(eq(institutes.slug, 'demo-school'))
    try {
      const { html, island } = await page('/admission/demo-school')
      expect(html).not.toContain('<script>alert(1)')
      expect(JSON.stringify(island)).toContain('</script><script>alert(1)</script>')
    } finally {
      await t.database.db
        .update(institutes)
        .set({ name: 'Demo School and College' })
        .where(eq(institutes.slug, 'demo-school'))
    }
  })

  it('is a 404 page for an institute that does not exist', async () => {
    const { status, html, island } = await page('/admission/no-such-school', 'fr')
    expect(status).toBe(404)
    expect(html).toContain('data-testid="admission-not-found"')
    // The browser takes over the same "not found", not the page.
    expect(island?.outcome).toBe('not-found')
  })

  it('leaves an address no public page has to the staff app', async () => {
    const response = await render(
      new Request('http://localhost/admission/demo-school/form/extra', {
        headers: { accept: 'text/html' },
      }),
      assets,
    )
    expect(response).toBeUndefined()
  })
})

describe('the form page', () => {
  it('is rendered with the institute, the form and every field’s label, in two languages', async () => {
    const list = await (await t.app.request('/api/admission/public/demo-school')).json()
    const formId = (list as { forms: { id: string }[] }).forms[0]!.id
    const form = (await (
      await t.app.request(`/api/admission/public/demo-school/forms/${formId}`)
    ).json()) as PublicAdmissionForm
    for (const [language, messages] of [
      ['en', en],
      ['de', de],
    ] as const) {
      const { status, html, island } = await page(`/admission/demo-school/${formId}`, language)
      expect(status).toBe(200)
      expect(html).toContain('Demo School and College')
      expect(html).toContain(`<h1>${form.title}</h1>`)
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } })
      const standard = ['applicantName', 'phone', ...form.requiredFields] as const
      for (const field of standard) {
        expect(html, `${language}: ${field}`).toContain(escaped(i18n._(fieldLabels[field])))
      }
      for (const question of form.questions) expect(html).toContain(escaped(question.label))
      for (const attachment of form.attachments) expect(html).toContain(escaped(attachment.label))
      // A plain HTML form before any script: its fields can be focused and typed into.
      expect(html).toMatch(/<input[^>]*name="applicantName"/)
      expect(island?.locale).toBe(language)
    }
  })
})

describe('the attachment page', () => {
  it('is rendered with the application’s attachments to send, and a 404 for an unknown one', async () => {
    const instituteId = await demoInstituteId(t)
    const form = await insertForm(t, instituteId, {
      attachments: [
        {
          kind: 'birth-certificate',
          label: 'Birth certificate',
          required: true,
          types: ['application/pdf'],
          maxBytes: 1_048_576,
        },
      ],
    })
    const applicant = await insertApplicant(t, form)
    const path = `/admission/demo-school/${form.id}/temporaryId/${applicant.temporaryId}/attachment`
    const { status, html, island } = await page(path, 'de')
    expect(status).toBe(200)
    expect(html).toContain('<h1>Anhänge</h1>')
    expect(html).toContain('Birth certificate')
    expect(html).toMatch(/<input[^>]*name="confirm"/)
    expect(island?.outcome).toBe('page')
    const unknown = await page(`/admission/demo-school/${form.id}/temporaryId/NOPE/attachment`)
    expect(unknown.status).toBe(404)
  })
})

describe('the sign-in page', () => {
  it('is rendered with its fields in the visitor’s language', async () => {
    const { status, html, island } = await page('/login?redirect=%2Fcoa', 'de')
    expect(status).toBe(200)
    expect(html).toMatch(/<input[^>]*name="username"/)
    expect(html).toMatch(/<input[^>]*type="password"/)
    expect(html).toContain('Passwort')
    expect(island?.locale).toBe('de')
  })
})

describe('the account’s guest pages', () => {
  const titles = {
    '/register': 'Registrierung geschlossen',
    '/forgot-username-password': 'Probleme bei der Anmeldung?',
    '/forgot-username': 'Benutzername vergessen?',
    '/forgot-password': 'Passwort vergessen?',
    '/recover-identity': 'Wohin sollen wir den Code senden?',
    '/otp-verify': 'Code eingeben',
    '/reset-password': 'Neues Passwort festlegen',
  }

  it.each(Object.entries(titles))(
    '%s is rendered in the visitor’s language, its strings’ catalog named with its scripts',
    async (path, title) => {
      const named: string[][] = []
      const response = await render(
        new Request(`http://localhost${path}`, {
          headers: { accept: 'text/html', 'accept-language': 'de' },
        }),
        (modules) => {
          named.push(modules)
          return assets()
        },
      )
      expect(response?.status).toBe(200)
      expect(await response!.text()).toContain(`<h1>${escaped(title)}</h1>`)
      expect(named[0]).toEqual([
        'public-app/pages/AccountRoutes.tsx',
        'locales/de/messages.po',
        'locales/de/account.po',
      ])
    },
  )

  it('starts at once where the page shows this tab’s recovery so far, else at the first touch', async () => {
    const startsAtOnce = async (path: string) =>
      (await page(path)).html.includes(' data-starts-at-once>')
    for (const path of ['/recover-identity', '/otp-verify', '/reset-password']) {
      expect(await startsAtOnce(path), path).toBe(true)
    }
    for (const path of [
      '/forgot-password',
      '/forgot-username',
      '/forgot-username-password',
      '/register',
      '/login',
    ]) {
      expect(await startsAtOnce(path), path).toBe(false)
    }
  })
})

describe('the receipt verification page', () => {
  it('is rendered with the five facts of the receipt, in the visitor’s language', async () => {
    const { adminPassword, asUser, signIn } = await import('../server/test-support/test-app.ts')
    const { counterFamily, familyOf } = await import('../server/test-support/collection.ts')
    const admin = await signIn(t, 'admin', adminPassword)
    const family = await counterFamily(t, admin, 'SSR', '+880 1711-888001')
    const line = (await familyOf(t, admin, family.studentIds[0]!)).members[0]!.lines[0]!
    const paid = await asUser(
      t,
      admin,
      'POST',
      '/api/collection/payments',
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: line.lineId, principalMinor: 1_000, fineMinor: line.fineMinor }],
        tenders: [{ method: 'cash', amountMinor: 1_000 + line.fineMinor }],
      },
      { 'Idempotency-Key': 'ssr-receipt' },
    )
    const receipt = (await paid.json()) as Receipt
    const path = `/receipt/verify/${receipt.verifyCode}`

    const en = await page(path)
    expect(en.status).toBe(200)
    expect(en.html).toContain('<h1>Receipt verification</h1>')
    expect(en.html).toContain('Demo School and College')
    expect(en.html).toContain(receipt.number)
    expect(en.html).toContain('60.00')
    expect(en.html).toMatch(/data-testid="receipt-verify-status">Valid</)
    for (const s of receipt.students) expect(en.html).not.toContain(s.fullName)
    const data = en.island?.queries.queries.find((q) => q.queryKey[0] === 'receipt-verification')
    expect(data?.state.data).toMatchObject({ number: receipt.number, status: 'posted' })

    const de = await page(path, 'de')
    expect(de.html).toContain('<h1>Quittungsprüfung</h1>')
    expect(de.html).toMatch(/data-testid="receipt-verify-status">Gültig</)
  })

  it('is a 404 page for a code no receipt has, and for one that is no code', async () => {
    for (const code of ['ABCDEFGHJK', 'not-a-code']) {
      const { status, html } = await page(`/receipt/verify/${code}`)
      expect(status, code).toBe(404)
      expect(html).toContain('data-testid="receipt-not-found"')
      expect(html).toContain(`No receipt has the code ${code}.`)
    }
  })
})

describe('the status pages', () => {
  it('are rendered in the visitor’s language, and an unknown one is left to the staff app', async () => {
    const notFound = await page('/error-404', 'de')
    expect(notFound.status).toBe(200)
    expect(notFound.html).toContain('data-testid="error-404"')
    expect(notFound.html).toContain('Seite nicht gefunden')
    const refused = await page('/pages/miscellaneous/not-authorized')
    expect(refused.html).toContain('You are not authorized')
    const unknown = await render(
      new Request('http://localhost/miscellaneous/nothing', { headers: { accept: 'text/html' } }),
      assets,
    )
    expect(unknown).toBeUndefined()
  })
})

describe('the visitor’s language', () => {
  const request = (headers: Record<string, string>) =>
    new Request('http://localhost/admission/x', { headers })
  it('is the one chosen on this device (a cookie), else the browser’s first one we have', () => {
    expect(localeOf(request({ cookie: 'a=b; locale=pt', 'accept-language': 'de' }))).toBe('pt')
    expect(localeOf(request({ 'accept-language': 'bn-BD, fr;q=0.7, de;q=0.9' }))).toBe('bn')
    expect(localeOf(request({ 'accept-language': 'hi-IN, fr;q=0.7, de;q=0.9' }))).toBe('de')
    expect(localeOf(request({ cookie: 'locale=bn', 'accept-language': 'en' }))).toBe('bn')
    expect(localeOf(request({ 'accept-language': 'ja' }))).toBe('en')
    expect(localeOf(request({ cookie: 'locale=xx' }))).toBe('en')
  })
})
