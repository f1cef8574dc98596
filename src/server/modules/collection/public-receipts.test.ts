import { beforeAll, describe, expect, it } from 'vitest'
import type { Receipt, ReceiptVerification } from '../../../shared/schemas/collection-receipts.ts'
import { createApp } from '../../app.ts'
import { createLogger } from '../../lib/logger.ts'
import { counterFamily, familyOf, tuitionMinor } from '../../test-support/collection.ts'
import { signedInAs } from '../../test-support/admission.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/*
 * The public verification of a receipt by the code printed on it: no sign-in, the five facts
 * and nothing else, whichever institute took the money.
 */
describe('receipt verification by its code', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  let family: Awaited<ReturnType<typeof counterFamily>>
  let first: Receipt
  let second: Receipt
  let ip = 0
  /** A request from an address of its own, as a phone that scanned the code would send it. */
  const lookUp = (code: string, app: Pick<TestApp['app'], 'request'> = t.app, from = ++ip) =>
    app.request(
      `/api/collection/public/receipts/${encodeURIComponent(code)}`,
      {},
      {
        incoming: { socket: { remoteAddress: `198.51.100.${from}` } },
      },
    )

  beforeAll(async () => {
    family = await counterFamily(t, admin, 'VRF', '+880 1711-777001')
    const cashier = await signedInAs(t, 'verify-cashier', ['cashier'])
    const seen = await familyOf(t, cashier, family.studentIds[0]!)
    const lines = seen.members.flatMap((m) => m.lines)
    const overdue = lines.filter((l) => l.periodName === 'Period 1')
    const due = overdue.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
    const pay = async (body: object, key: string) => {
      const res = await asUser(t, cashier, 'POST', '/api/collection/payments', body, {
        'Idempotency-Key': key,
      })
      expect(res.status, await res.clone().text()).toBe(201)
      return (await res.json()) as Receipt
    }
    // Two children's overdue lines, 10,000 more kept as the elder's advance…
    first = await pay(
      {
        studentId: family.studentIds[0],
        allocations: overdue.map((l) => ({
          lineId: l.lineId,
          principalMinor: l.dueMinor,
          fineMinor: l.fineMinor,
        })),
        toAdvance: { studentId: family.studentIds[0], amountMinor: 10_000 },
        tenders: [{ method: 'cash', amountMinor: due + 10_000 }],
      },
      'verify-first',
    )
    // …which pays part of the elder's next period with cash.
    const next = lines.find((l) => l.periodName === 'Period 2')!
    second = await pay(
      {
        studentId: family.studentIds[0],
        allocations: [{ lineId: next.lineId, principalMinor: tuitionMinor, fineMinor: 0 }],
        advanceUsed: [{ studentId: family.studentIds[0], amountMinor: 10_000 }],
        tenders: [{ method: 'card', amountMinor: tuitionMinor - 10_000 }],
      },
      'verify-second',
    )
  })

  it('shows the institute, number, day, amount and status, to anyone, and nothing else', async () => {
    const res = await lookUp(first.verifyCode)
    expect(res.status).toBe(200)
    const shown = (await res.json()) as ReceiptVerification
    expect(shown).toEqual({
      instituteName: first.institute.name,
      number: first.number,
      receivedOn: first.receivedOn,
      amountMinor: first.receivedMinor,
      currency: first.institute.currency,
      currencyDigits: first.institute.currencyDigits,
      status: 'posted',
    })
    const text = JSON.stringify(shown)
    for (const s of first.students) {
      expect(text).not.toContain(s.fullName)
      expect(text).not.toContain(s.studentCode)
    }
    for (const l of first.lines) expect(text).not.toContain(l.feeHeadName)
    expect(text).not.toContain(first.id)
    expect(text).not.toContain(first.cashierName!)
    expect(text).not.toContain(first.voucherReference)
    expect(text).not.toContain(first.campusName)
    expect(text).not.toContain('1711')
  })

  it('prints the address of its verification under the server’s public address', async () => {
    // Without PUBLIC_URL: where the office's request came.
    expect(first.verifyUrl).toBe(`http://localhost/receipt/verify/${first.verifyCode}`)
    // With it: there, whatever address the office opens the app at.
    const app = createApp({
      db: t.database,
      config: { ...t.config, publicUrl: 'https://pay.school.example' },
      log: createLogger('silent'),
    })
    const res = await app.request(`http://192.168.0.10:3000/api/collection/payments/${first.id}`, {
      headers: { Authorization: `Bearer ${admin}` },
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as Receipt).verifyUrl).toBe(
      `https://pay.school.example/receipt/verify/${first.verifyCode}`,
    )
  })

  it('gives the total the receipt prints: the money received and the advance used', async () => {
    const shown = (await (await lookUp(second.verifyCode)).json()) as ReceiptVerification
    expect(second.advanceUsedMinor).toBe(10_000)
    expect(shown.amountMinor).toBe(second.receivedMinor + second.advanceUsedMinor)
    expect(shown.amountMinor).toBe(tuitionMinor)
  })

  it('takes the code typed in lower case or with spaces around it', async () => {
    const res = await lookUp(` ${first.verifyCode.toLowerCase()} `)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ number: first.number })
  })

  it('says a cancelled receipt is cancelled', async () => {
    const cancel = await asUser(t, admin, 'POST', `/api/collection/payments/${second.id}/cancel`, {
      reason: 'Card charge disputed',
    })
    expect(cancel.status).toBe(200)
    const shown = (await (await lookUp(second.verifyCode)).json()) as ReceiptVerification
    expect(shown).toMatchObject({ number: second.number, status: 'cancelled' })
    expect(JSON.stringify(shown)).not.toContain('disputed')
  })

  it('answers 404 to a code no receipt has, and 422 naming the field to one that is no code', async () => {
    const unknown = await lookUp('ABCDEFGHJK')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'not_found' })
    for (const code of ['ABC', 'ABCDEFGHJKM', 'ABCDEFGH10', 'ABCDE-FGHJ', "' or 1=1 --"]) {
      const res = await lookUp(code)
      expect(res.status, code).toBe(422)
      expect(await res.json(), code).toMatchObject({
        code: 'validation_failed',
        errors: { verifyCode: expect.any(Array) },
      })
    }
  })

  it('keeps the codes out of the request log', async () => {
    await lookUp(first.verifyCode)
    expect(t.logLines.join('\n')).not.toContain(first.verifyCode)
    expect(t.logLines.join('\n')).toContain('/api/collection/public/receipts/[code]')
  })

  it('limits lookups per address, found or not, with 429 and when to try again', async () => {
    const app = createApp({
      db: t.database,
      config: t.config,
      log: createLogger('silent'),
      publicReceipts: { lookups: { limit: 3, windowMs: 60_000 } },
    })
    const from = 250
    expect((await lookUp(first.verifyCode, app, from)).status).toBe(200)
    expect((await lookUp('ABCDEFGHJK', app, from)).status).toBe(404)
    expect((await lookUp('nope', app, from)).status).toBe(422)
    const refused = await lookUp(first.verifyCode, app, from)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // Another address has its own count.
    expect((await lookUp(first.verifyCode, app, from + 1)).status).toBe(200)
  })
})
