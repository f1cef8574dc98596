import { describe, expect, it } from 'vitest'
import type { PublicApplication } from '../../../shared/schemas/admission-applications.ts'
import {
  application,
  client,
  publicAdmissionSuite,
  type Form,
} from '../../test-support/public-admission.ts'
import type { TestApp } from '../../test-support/test-app.ts'

describe('public admission: send me the link', () => {
  let t: TestApp
  let open: Form
  const { api } = publicAdmissionSuite((s) => ({ t, open } = s))

  /** A fresh application with its own phone, so each test reads only its own messages. */
  async function applied(phone: string, email = '') {
    const res = await api.submit('demo-school', open.id, application({ fields: { phone, email } }))
    expect(res.status).toBe(201)
    return (await res.json()) as PublicApplication
  }

  it('sends the address of the application by SMS to the phone given on it', async () => {
    const app = await applied('+880 1711-000301')
    const res = await api.sendLink(app.temporaryId, { channel: 'sms' })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ channel: 'sms', recipient: '+880*********301' })
    const message = await t.lastMessageTo('+880 1711-000301')
    expect(message).toContain(`[outbox] sms to +880 1711-000301: `)
    expect(message).toContain(app.shortReference)
    expect(message).toContain(
      `http://localhost/admission/demo-school/${open.id}/temporaryId/${app.temporaryId}`,
    )
  })

  it('sends it by email when the application has an address, and says so when it has none', async () => {
    const app = await applied('+880 1711-000302', 'asha.family@example.com')
    const res = await api.sendLink(app.temporaryId, { channel: 'email' })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ channel: 'email', recipient: 'a***@example.com' })
    expect(await t.lastMessageTo('asha.family@example.com')).toContain(app.temporaryId)

    const noEmail = await applied('+880 1711-000303')
    const refused = await api.sendLink(noEmail.temporaryId, { channel: 'email' })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      fields: { channel: [{ code: 'application_no_email' }] },
    })
  })

  it('refuses a channel it does not know, naming the field, and an unknown application', async () => {
    const app = await applied('+880 1711-000304')
    for (const [body, code] of [
      [{ channel: 'fax' }, 'link_channel_required'],
      [{}, 'required'],
    ] as const) {
      const res = await api.sendLink(app.temporaryId, body)
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ fields: { channel: [{ code }] } })
    }
    // A number of the caller's choosing is ignored: only the application's own phone gets it.
    const res = await api.sendLink(app.temporaryId, { channel: 'sms', to: '+15550100' })
    expect(res.status).toBe(202)
    expect(await t.lastMessageTo('+15550100')).toBeUndefined()
    expect(await t.lastMessageTo('+880 1711-000304')).toContain(app.shortReference)
    const unknown = await api.sendLink('A'.repeat(22), { channel: 'sms' })
    expect(unknown.status).toBe(404)
  })

  it('sends an application at most three links an hour, whoever asks', async () => {
    const app = await applied('+880 1711-000305')
    for (let i = 0; i < 3; i++) {
      expect((await api.sendLink(app.temporaryId, { channel: 'sms' })).status).toBe(202)
    }
    const elsewhere = client(() => t.app)
    const limited = await elsewhere.sendLink(app.temporaryId, { channel: 'sms' })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3500)
    await t.app.services.outbox.flush()
    expect(t.sent.filter((line) => line.includes('to +880 1711-000305:'))).toHaveLength(3)
    // Another application is not held back.
    const other = await applied('+880 1711-000306')
    expect((await api.sendLink(other.temporaryId, { channel: 'sms' })).status).toBe(202)
  })
})
