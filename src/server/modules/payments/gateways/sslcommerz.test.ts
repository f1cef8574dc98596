import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Services } from '../../../app-env.ts'
import type { Db } from '../../../db/client.ts'
import type { MerchantCredentials } from './gateway.ts'
import { sslcommerzGateway, sslcommerzSignature } from './sslcommerz.ts'

/**
 * The SSLCommerz adapter against a local server that speaks its protocol as documented: the
 * session API, the transaction query by tran_id, and IPNs signed as it signs them.
 */
describe('the SSLCommerz adapter, against a fake of its API', () => {
  const merchant: MerchantCredentials = {
    id: 'm1',
    instituteId: 'i1',
    provider: 'sslcommerz',
    mode: 'test',
    storeId: 'demo6410aae6c4f94',
    secret: 'demo6410aae6c4f94@ssl',
  }
  /** What the fake gateway holds per tran_id, and the requests it received. */
  const transactions = new Map<string, { status: string; amount: string; currency: string }[]>()
  const received: { path: string; form: URLSearchParams }[] = []
  /** Refunds the fake gave, by our reference (`refe_id`): one per payment. */
  const refunds = new Map<string, { bankTranId: string; amount: string }>()
  let server: Server
  let base = ''
  const ctx = { db: undefined as unknown as Db, services: undefined as unknown as Services }
  const gateway = () => sslcommerzGateway(() => base)

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const url = new URL(req.url!, 'http://fake')
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        received.push({ path: url.pathname, form })
        res.setHeader('Content-Type', 'application/json')
        const authorised =
          (form.get('store_id') ?? url.searchParams.get('store_id')) === merchant.storeId &&
          (form.get('store_passwd') ?? url.searchParams.get('store_passwd')) === merchant.secret
        if (url.pathname === '/gwprocess/v4/api.php') {
          res.end(
            JSON.stringify(
              authorised
                ? {
                    status: 'SUCCESS',
                    sessionkey: 'SESSION1',
                    GatewayPageURL: `${base}/EasyCheckOut/SESSION1`,
                  }
                : {
                    status: 'FAILED',
                    failedreason: 'Store Credential Error Or Store is De-active',
                  },
            ),
          )
        } else if (
          url.pathname === '/validator/api/merchantTransIDvalidationAPI.php' &&
          url.searchParams.has('refund_amount')
        ) {
          const q = url.searchParams
          const known =
            [...transactions.values()].flat().length > 0 && q.get('bank_tran_id') === 'BANK1'
          const earlier = refunds.get(q.get('refe_id')!)
          if (authorised && known && !earlier) {
            refunds.set(q.get('refe_id')!, {
              bankTranId: q.get('bank_tran_id')!,
              amount: q.get('refund_amount')!,
            })
          }
          res.end(
            JSON.stringify(
              !authorised
                ? { APIConnect: 'INVALID_REQUEST' }
                : known
                  ? {
                      APIConnect: 'DONE',
                      bank_tran_id: q.get('bank_tran_id'),
                      refund_ref_id: `RF-${q.get('refe_id')}`,
                      status: earlier ? 'success' : 'processing',
                      errorReason: '',
                    }
                  : {
                      APIConnect: 'DONE',
                      status: 'failed',
                      errorReason: 'Invalid bank_tran_id',
                    },
            ),
          )
        } else if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
          const tranId = url.searchParams.get('tran_id')!
          const element = (transactions.get(tranId) ?? []).map((t, i) => ({
            ...t,
            tran_id: tranId,
            val_id: `VAL${i}`,
            bank_tran_id: `BANK${i}`,
          }))
          res.end(
            JSON.stringify({
              APIConnect: authorised ? 'DONE' : 'INVALID_REQUEST',
              no_of_trans_found: element.length,
              element,
            }),
          )
        } else {
          res.statusCode = 404
          res.end('{}')
        }
      })
    })
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((done) => server.close(() => done())))

  const request = {
    reference: 'OPABCDEFGHJKMNPQRS',
    amountMinor: 50_750,
    currency: 'BDT',
    currencyDigits: 2,
    description: 'Demo School: admission_fee',
    payer: { name: 'Nusrat Jahan', phone: '+8801711000001', email: '' },
    urls: {
      success: 'https://office.example/payment/successful/demo-school?reference=OPABCDEFGHJKMNPQRS',
      fail: 'https://office.example/payment/failed/demo-school?reference=OPABCDEFGHJKMNPQRS',
      cancel: 'https://office.example/payment/failed/demo-school?reference=OPABCDEFGHJKMNPQRS',
      notify: 'https://office.example/api/payments/notify/sslcommerz',
    },
  }

  it('opens a session with the amount in taka and the IPN address, and answers the gateway page', async () => {
    const { redirectUrl } = await gateway().startSession(ctx, merchant, request)
    expect(redirectUrl).toBe(`${base}/EasyCheckOut/SESSION1`)
    const sent = received.at(-1)!.form
    expect(sent.get('total_amount')).toBe('507.50')
    expect(sent.get('tran_id')).toBe(request.reference)
    expect(sent.get('ipn_url')).toBe(request.urls.notify)
    expect(sent.get('currency')).toBe('BDT')
  })

  it('throws when the gateway refuses the session (wrong credentials), never answering a page', async () => {
    await expect(
      gateway().startSession(ctx, { ...merchant, secret: 'wrong' }, request),
    ).rejects.toThrow(/Store Credential Error/)
  })

  it('checks an IPN’s signature: as signed passes; tampered, unsigned or another store’s fails', () => {
    const ipn = new URLSearchParams({
      tran_id: request.reference,
      val_id: 'VAL0',
      amount: '507.50',
      currency: 'BDT',
      status: 'VALID',
      verify_key: 'amount,currency,status,tran_id,val_id',
    })
    ipn.set('verify_sign', sslcommerzSignature(ipn, merchant.secret))
    expect(gateway().verifySignature(merchant, ipn)).toBe(true)
    const tampered = new URLSearchParams(ipn)
    tampered.set('amount', '5.00')
    expect(gateway().verifySignature(merchant, tampered)).toBe(false)
    const unsigned = new URLSearchParams(ipn)
    unsigned.delete('verify_sign')
    expect(gateway().verifySignature(merchant, unsigned)).toBe(false)
    const keyless = new URLSearchParams(ipn)
    keyless.delete('verify_key')
    expect(gateway().verifySignature(merchant, keyless)).toBe(false)
    expect(gateway().verifySignature({ ...merchant, secret: 'other@ssl' }, ipn)).toBe(false)
  })

  it('settles by the transaction query: paid with its amount in minor units, failed, or still pending', async () => {
    const pending = await gateway().status(ctx, merchant, 'OPNOTHINGYETXXXXXX', 2)
    expect(pending).toMatchObject({ status: 'pending', amountMinor: null })
    transactions.set('OPFAILEDXXXXXXXXXX', [
      { status: 'FAILED', amount: '507.50', currency: 'BDT' },
    ])
    expect(await gateway().status(ctx, merchant, 'OPFAILEDXXXXXXXXXX', 2)).toMatchObject({
      status: 'failed',
    })
    // A session the payer has not tried to pay yet is still open.
    transactions.set('OPUNTRIEDXXXXXXXXX', [
      { status: 'UNATTEMPTED', amount: '507.50', currency: 'BDT' },
    ])
    expect(await gateway().status(ctx, merchant, 'OPUNTRIEDXXXXXXXXX', 2)).toMatchObject({
      status: 'pending',
    })
    // A failed attempt then a paid one under the same reference: paid.
    transactions.set(request.reference, [
      { status: 'FAILED', amount: '507.50', currency: 'BDT' },
      { status: 'VALID', amount: '507.50', currency: 'BDT' },
    ])
    expect(await gateway().status(ctx, merchant, request.reference, 2)).toEqual({
      status: 'succeeded',
      transactionId: 'BANK1',
      amountMinor: 50_750,
      currency: 'BDT',
      detail: 'sslcommerz VALID',
    })
    // Another amount is reported as it is: the settlement holds it.
    transactions.set('OPSHORTXXXXXXXXXXX', [
      { status: 'VALIDATED', amount: '5.00', currency: 'BDT' },
    ])
    expect(await gateway().status(ctx, merchant, 'OPSHORTXXXXXXXXXXX', 2)).toMatchObject({
      status: 'succeeded',
      amountMinor: 500,
    })
  })

  it('throws on an answer it cannot read, so nothing settles on it', async () => {
    await expect(
      gateway().status(ctx, { ...merchant, secret: 'wrong' }, 'OPX', 2),
    ).rejects.toThrow()
  })

  it('refunds a payment by its bank transaction once, however often asked; refuses an unknown one', async () => {
    transactions.set(request.reference, [{ status: 'VALID', amount: '507.50', currency: 'BDT' }])
    const refund = {
      reference: request.reference,
      transactionId: 'BANK1',
      amountMinor: 50_750,
      currencyDigits: 2,
      reason: 'Applied twice by mistake',
    }
    const first = await gateway().refund!(ctx, merchant, refund)
    expect(first).toEqual({ refundId: `RF-${request.reference}` })
    expect(refunds.get(request.reference)).toEqual({ bankTranId: 'BANK1', amount: '507.50' })
    // Asked again (a retry): the same refund, nothing more given back.
    expect(await gateway().refund!(ctx, merchant, refund)).toEqual(first)
    expect(refunds.size).toBe(1)
    await expect(
      gateway().refund!(ctx, merchant, { ...refund, transactionId: 'BANK9' }),
    ).rejects.toThrow(/Invalid bank_tran_id/)
    await expect(gateway().refund!(ctx, { ...merchant, secret: 'wrong' }, refund)).rejects.toThrow(
      /INVALID_REQUEST|refused/,
    )
  })
})
