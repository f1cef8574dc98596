import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  defaultInvoicePrintSettings,
  type InvoicePrintSettings,
  type InvoicePrintSettingsInput,
} from '../../../../shared/schemas/invoice-print.ts'
import { roleRules, roles, userRoles } from '../../../db/schema/access.ts'
import { demoInstituteId } from '../../../test-support/fee-invoices.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

describe('invoice print settings', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const path = '/api/fees/invoice-print-settings'
  const chosen: InvoicePrintSettingsInput = {
    footerText: 'Pay at the counter or at Demo Bank, account 0011.',
    shownFields: ['roll', 'className', 'dueDate'],
    shownColumns: ['gross', 'net'],
    paper: 'a5',
    copies: ['student', 'office', 'bank'],
    signatureLabels: ['Cashier', 'Accountant'],
    language: 'de',
  }

  it('answers the defaults and the institute’s header until saved', async () => {
    const res = await asUser(t, admin, 'GET', path)
    expect(res.status).toBe(200)
    const settings = (await res.json()) as InvoicePrintSettings
    expect(settings).toMatchObject({ ...defaultInvoicePrintSettings, saved: false })
    expect(settings.institute).toMatchObject({ name: expect.any(String), currency: 'BDT' })
  })

  it('saves the settings, audited, and answers them afterwards', async () => {
    const res = await asUser(t, admin, 'PUT', path, {
      ...chosen,
      footerText: `  ${chosen.footerText} `,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ...chosen, saved: true })
    const again = (await (await asUser(t, admin, 'GET', path)).json()) as InvoicePrintSettings
    expect(again).toMatchObject({ ...chosen, saved: true })
    const back = await asUser(t, admin, 'PUT', path, { ...chosen, language: null })
    expect(await back.json()).toMatchObject({ language: null })
    const audits = (await t.database.db.execute(
      sql`select before, after from audit_log where entity = 'invoice_print_settings' order by created_at`,
    )) as unknown as { rows: { before: unknown; after: { paper: string } }[] }
    expect(audits.rows).toHaveLength(2)
    expect(audits.rows[0]).toMatchObject({ before: null, after: { paper: 'a5' } })
    expect(audits.rows[1]!.before).toMatchObject({ language: 'de' })
  })

  it('refuses bad input with 422 naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...chosen, shownFields: ['roll', 'shoeSize'] }, 'shownFields.1'],
      [{ ...chosen, shownFields: ['roll', 'roll'] }, 'shownFields.1'],
      [{ ...chosen, shownColumns: ['net', 'discount'] }, 'shownColumns.1'],
      [{ ...chosen, copies: ['student', 'principal'] }, 'copies.1'],
      [{ ...chosen, copies: [] }, 'copies'],
      [{ ...chosen, signatureLabels: ['Cashier', '  '] }, 'signatureLabels.1'],
      [{ ...chosen, signatureLabels: ['x'.repeat(41)] }, 'signatureLabels.0'],
      [{ ...chosen, signatureLabels: ['a', 'b', 'c', 'd', 'e'] }, 'signatureLabels'],
      [{ ...chosen, footerText: 'x'.repeat(501) }, 'footerText'],
      [{ ...chosen, paper: 'letter' }, 'paper'],
      [{ ...chosen, language: 'es' }, 'language'],
      [{ ...chosen, paper: undefined }, 'paper'],
    ]
    for (const [body, field] of cases) {
      const res = await asUser(t, admin, 'PUT', path, body)
      expect(res.status, field).toBe(422)
      expect(Object.keys(((await res.json()) as { errors: object }).errors), field).toContain(field)
    }
    const kept = (await (await asUser(t, admin, 'GET', path)).json()) as InvoicePrintSettings
    expect(kept.paper).toBe('a5')
  })

  it('needs its permission: reading to look, updating to save', async () => {
    await addUser(t, { username: 'print-none', password: 'print-none-pass' })
    const none = await signIn(t, 'print-none', 'print-none-pass')
    expect((await asUser(t, none, 'GET', path)).status).toBe(403)
    expect((await asUser(t, none, 'PUT', path, chosen)).status).toBe(403)

    const db = t.database.db
    const [role] = await db
      .insert(roles)
      .values({
        instituteId: await demoInstituteId(db),
        name: 'print-reader',
        homeRoute: '/invoice-print-settings',
      })
      .returning()
    await db
      .insert(roleRules)
      .values({ roleId: role!.id, action: 'read', subject: 'invoice-print-settings' })
    const reader = await addUser(t, { username: 'print-reader', password: 'print-reader-pass' })
    await db.insert(userRoles).values({ userId: reader.id, roleId: role!.id })
    const token = await signIn(t, 'print-reader', 'print-reader-pass')
    expect((await asUser(t, token, 'GET', path)).status).toBe(200)
    expect((await asUser(t, token, 'PUT', path, chosen)).status).toBe(403)
  })

  it('keeps each institute’s settings its own', async () => {
    await addUser(t, {
      username: 'print-other',
      password: 'print-other-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'print-other', 'print-other-pass')
    const theirs = (await (await asUser(t, other, 'GET', path)).json()) as InvoicePrintSettings
    expect(theirs).toMatchObject({ ...defaultInvoicePrintSettings, saved: false })
    expect(theirs.institute.name).not.toBe(
      ((await (await asUser(t, admin, 'GET', path)).json()) as InvoicePrintSettings).institute.name,
    )
    await asUser(t, other, 'PUT', path, { ...chosen, paper: 'thermal80' })
    const ours = (await (await asUser(t, admin, 'GET', path)).json()) as InvoicePrintSettings
    expect(ours.paper).toBe('a5')
  })
})
