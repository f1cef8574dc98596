import { describe, expect, it } from 'vitest'
import type { SmsStudentValues, SmsTemplate, SmsTemplateList } from '../../../shared/schemas/sms.ts'
import { fillTemplate } from '../../../shared/sms/template.ts'
import { signedInWithRules } from '../../test-support/admission.ts'
import { counterFamily } from '../../test-support/collection.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('SMS templates', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const path = '/api/sms/templates'
  const template = (o: object = {}) => ({
    name: `Due reminder ${Math.random().toString(36).slice(2, 8)}`,
    purpose: 'due_reminder',
    texts: {
      en: 'Dear {{guardian_name}}, {{student_name}} owes {{amount_due}} by {{due_date}}.',
      bn: 'প্রিয় {{guardian_name}}, {{student_name}} এর বকেয়া {{amount_due}}।',
    },
    ...o,
  })
  const create = (body: object, token = admin) => asUser(t, token, 'POST', path, body)
  const list = async (token = admin) =>
    ((await (await asUser(t, token, 'GET', path)).json()) as SmsTemplateList).data

  it('keeps a template in each language written, edits it, and deletes it, each audited', async () => {
    const res = await create(
      template({ name: 'Monthly dues', texts: { en: ' Pay {{amount_due}} ', de: '' } }),
    )
    expect(res.status).toBe(201)
    const saved = (await res.json()) as SmsTemplate
    // Trimmed, and a language left empty is not kept.
    expect(saved).toMatchObject({ name: 'Monthly dues', texts: { en: 'Pay {{amount_due}}' } })
    expect(Object.keys(saved.texts)).toEqual(['en'])
    expect((await list()).map((l) => l.name)).toContain('Monthly dues')

    const edited = await asUser(
      t,
      admin,
      'PUT',
      `${path}/${saved.id}`,
      template({ name: 'Monthly dues' }),
    )
    expect(edited.status).toBe(200)
    expect(((await edited.json()) as SmsTemplate).texts.bn).toContain('বকেয়া')

    // The same name in another letter case is another template's: refused.
    const twice = await create(template({ name: 'MONTHLY DUES' }))
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({ code: 'sms_template_name_taken' })

    expect((await asUser(t, admin, 'DELETE', `${path}/${saved.id}`)).status).toBe(204)
    expect((await list()).map((l) => l.id)).not.toContain(saved.id)
    expect((await asUser(t, admin, 'DELETE', `${path}/${saved.id}`)).status).toBe(404)
    const audits = await asUser(t, admin, 'GET', '/api/access/audits?area=sms')
    const entries = ((await audits.json()) as { data: { action: string; entityId: string }[] }).data
    expect(
      entries
        .filter((e) => e.entityId === saved.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update'])
  })

  it('names the field of a bad template: unknown variables, no text, too long, no name', async () => {
    const unknown = await create(template({ texts: { en: 'Hello {{student_nam}}' } }))
    expect(unknown.status).toBe(422)
    expect(await unknown.json()).toMatchObject({
      fields: { 'texts.en': [{ code: 'sms_unknown_variable' }] },
    })
    const none = await create(template({ texts: { en: '  ', bn: '' } }))
    expect(await none.json()).toMatchObject({ fields: { texts: [{ code: 'sms_text_required' }] } })
    // Eleven parts of Bangla (67 units each) is over the ten allowed.
    const long = await create(template({ texts: { bn: 'ক'.repeat(67 * 10 + 1) } }))
    expect(await long.json()).toMatchObject({ fields: { 'texts.bn': [{ code: 'sms_too_long' }] } })
    const unnamed = await create(template({ name: ' ' }))
    expect(await unnamed.json()).toMatchObject({
      fields: { name: [{ code: 'sms_template_name_required' }] },
    })
    const purpose = await create(template({ purpose: 'spam' }))
    expect(await purpose.json()).toMatchObject({
      fields: { purpose: [{ code: 'sms_purpose_unknown' }] },
    })
    expect((await create('not an object' as unknown as object)).status).toBe(422)
    expect((await asUser(t, admin, 'PUT', `${path}/not-an-id`, template())).status).toBe(404)
  })

  it('reads what the variables say of one student: dues, fine, due date, invoice link, in a language', async () => {
    const family = await counterFamily(t, admin, 'SMS', '+880 1711-777001')
    const valuesOf = async (studentId: string, locale = '') => {
      const query = new URLSearchParams({ studentId, ...(locale && { locale }) })
      return asUser(t, admin, 'GET', `${path}/values?${query}`)
    }
    const res = await valuesOf(family.studentIds[0]!)
    expect(res.status).toBe(200)
    const en = (await res.json()) as SmsStudentValues
    const text = fillTemplate(
      '{{amount_due}} + {{fine}} by {{due_date}}: {{invoice_link}}',
      en.values,
    )
    // Tuition and lab of the first month, and tuition of the second; the first is fined 50.00.
    expect(text).toMatch(/^BDT\s2,300\.00 \+ BDT\s50\.00 by Jan 15, 2000: http:\/\/localhost\//)
    expect(en.values.invoice_link).toContain('/student/invoice?institute=demo-school&student=')
    expect(en.values.institute_name).toBe('Demo School and College')
    expect(en.recipient).toBe('+880 1711-777001')
    const bn = (await (await valuesOf(family.studentIds[0]!, 'bn')).json()) as SmsStudentValues
    expect(bn.values.amount_due).toMatch(/২,৩০০\.০০/)

    expect((await valuesOf('00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await valuesOf('x')).status).toBe(422)
    expect((await valuesOf(family.studentIds[0]!, 'xx')).status).toBe(422)
  })

  it('is the sms-notification permission’s, and each institute’s own', async () => {
    const saved = (await (await create(template())).json()) as SmsTemplate
    const reader = await signedInWithRules(t, 'sms-reader', [
      { action: 'read', subject: 'sms-notification' },
    ])
    expect((await list(reader)).map((l) => l.id)).toContain(saved.id)
    expect((await create(template(), reader)).status).toBe(403)
    expect((await asUser(t, reader, 'DELETE', `${path}/${saved.id}`)).status).toBe(403)
    const outsider = await signedInWithRules(t, 'sms-outsider', [
      { action: 'read', subject: 'students' },
    ])
    expect((await asUser(t, outsider, 'GET', path)).status).toBe(403)

    await addUser(t, {
      username: 'sms-stranger',
      password: 'sms-stranger-pass-1',
      otherInstitute: true,
      roles: ['admin'],
    })
    const stranger = await signIn(t, 'sms-stranger', 'sms-stranger-pass-1')
    expect((await list(stranger)).map((l) => l.id)).not.toContain(saved.id)
    expect((await asUser(t, stranger, 'PUT', `${path}/${saved.id}`, template())).status).toBe(404)
    expect((await asUser(t, stranger, 'DELETE', `${path}/${saved.id}`)).status).toBe(404)
  })
})
