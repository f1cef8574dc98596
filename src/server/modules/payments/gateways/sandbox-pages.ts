import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import * as v from 'valibot'
import type { AppEnv } from '../../../app-env.ts'
import { paymentMerchants, sandboxSessions } from '../../../db/schema/payments.ts'
import { notFound } from '../../../lib/errors.ts'
import { isUuid } from '../../../lib/ids.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { parseOrThrow } from '../../../lib/validate.ts'
import { sandboxSignature } from './sandbox.ts'

/*
 * The sandbox gateway's hosted page, as a real gateway's would be: outside the app (plain HTML,
 * English, no app code), where a tester pays, fails or cancels. Its switches make the
 * notification misbehave as networks and gateways do: late, several times, out of order
 * (a stale "pending" after the outcome) or never (then only the status query finds it).
 */

const OutcomeSchema = v.object({
  outcome: v.picklist(['pay', 'fail', 'cancel']),
  delayMs: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(60_000)),
    '0',
  ),
  copies: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(10)),
    '1',
  ),
  reorder: v.optional(v.string()),
  drop: v.optional(v.string()),
  /** A tester paying another amount than asked (minor units): the app must hold it. */
  amountMinor: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1))),
})

async function sessionOr404(c: Context<AppEnv>) {
  const id = c.req.param('sessionId')
  if (!isUuid(id)) throw notFound()
  const [session] = await c.var.database.db
    .select()
    .from(sandboxSessions)
    .where(eq(sandboxSessions.id, id))
  if (!session) throw notFound()
  return session
}

const ownPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"

export const sandboxPageRoutes = new Hono<AppEnv>()
  .get('/:sessionId', async (c) => {
    const s = await sessionOr404(c)
    c.header('Content-Security-Policy', ownPolicy)
    c.header('Cache-Control', 'no-store')
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Sandbox gateway</title>
            <style>
              body {
                font:
                  16px system-ui,
                  sans-serif;
                margin: 0 auto;
                max-width: 28rem;
                padding: 1rem;
              }
              button {
                font: inherit;
                padding: 0.75rem 1rem;
                margin: 0.25rem 0;
                width: 100%;
              }
              fieldset {
                margin: 1rem 0;
              }
            </style>
          </head>
          <body>
            <h1>Sandbox gateway</h1>
            <p>Test payments only: no money moves.</p>
            <p>
              Payment <strong>${s.reference}</strong>:
              <strong data-testid="sandbox-amount">${s.amountMinor}</strong> minor units of
              ${s.currency}
            </p>
            ${
              s.status === 'created'
                ? html`<form method="post">
                    <fieldset>
                      <legend>Notification</legend>
                      <label
                        >Delay (ms)
                        <input name="delayMs" type="number" min="0" max="60000" value="0" /></label
                      ><br />
                      <label
                        >Copies
                        <input name="copies" type="number" min="1" max="10" value="1" /></label
                      ><br />
                      <label
                        ><input name="reorder" type="checkbox" /> A stale "pending" after it</label
                      ><br />
                      <label><input name="drop" type="checkbox" /> Never send it</label><br />
                      <label
                        >Amount paid
                        <input name="amountMinor" type="number" min="1" value="${s.amountMinor}"
                      /></label>
                    </fieldset>
                    <button name="outcome" value="pay">Pay</button>
                    <button name="outcome" value="fail">Fail</button>
                    <button name="outcome" value="cancel">Cancel</button>
                  </form>`
                : html`<p>This session is ${s.status}.</p>`
            }
          </body>
        </html>`,
    )
  })

  .post('/:sessionId', async (c) => {
    const s = await sessionOr404(c)
    const form = parseOrThrow(
      OutcomeSchema,
      Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, x]) => [k, String(x)])),
    )
    const { db } = c.var.database
    const status = { pay: 'paid', fail: 'failed', cancel: 'cancelled' }[form.outcome]
    const transactionId = `SBX${randomBytes(8).toString('hex').toUpperCase()}`
    const amountMinor = form.amountMinor ?? s.amountMinor
    // Once: a second press (or the back button) finds the session done.
    const [done] = await db
      .update(sandboxSessions)
      .set({ status, transactionId, amountMinor })
      .where(and(eq(sandboxSessions.id, s.id), eq(sandboxSessions.status, 'created')))
      .returning()
    if (!done) return c.redirect(`/api/payments/sandbox/${s.id}`, 303)
    if (!form.drop) {
      const [merchant] = await db
        .select({ secret: paymentMerchants.secret })
        .from(paymentMerchants)
        .where(rowKey(paymentMerchants, s.instituteId, s.merchantId))
      if (merchant) {
        const secret = (await c.var.services.secrets()).open(merchant.secret)
        const notice = (state: string) => {
          const fields = new URLSearchParams({
            amount: String(amountMinor),
            currency: s.currency,
            status: state,
            store_id: s.storeId,
            tran_id: s.reference,
            val_id: transactionId,
          })
          fields.set('signature', sandboxSignature(secret, fields))
          return fields
        }
        const outcome = { paid: 'VALID', failed: 'FAILED', cancelled: 'CANCELLED' }[status]!
        const notices = Array.from({ length: form.copies }, () => notice(outcome))
        if (form.reorder) notices.push(notice('PENDING'))
        deliverLater(c, done.notifyUrl, notices, form.delayMs)
      }
    }
    return c.redirect(status === 'paid' ? done.successUrl : done.failUrl, 303)
  })

/** Sends the notices one after another once `delayMs` has passed, each tried 3 times. */
function deliverLater(
  c: Context<AppEnv>,
  url: string,
  notices: URLSearchParams[],
  delayMs: number,
) {
  const { services, log } = c.var
  setTimeout(() => {
    void (async () => {
      for (const notice of notices) {
        for (let attempt = 1; attempt <= 3; attempt++) {
          try {
            await services.sandboxDelivery(url, notice)
            break
          } catch (e) {
            log.warn('sandbox notification not delivered', { attempt, error: String(e) })
            await new Promise((r) => setTimeout(r, 500 * attempt))
          }
        }
      }
    })()
  }, delayMs).unref()
}
