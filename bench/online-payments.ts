/**
 * The online payments benchmark: 200 gateway notifications for 200 distinct payments arriving
 * at once, each signed, checked with the gateway's status API and posted through collection
 * (receipt, receipt voucher, the applicant's fee paid, the charges voucher) under its intent's
 * lock — none may be lost or doubled. On the tests' in-memory PGlite (createTestApp), through
 * the app's HTTP handler; its throughput sits beside the counter's (bench/collection.ts).
 *
 * Called by bench/run.ts; `node --import tsx bench/online-payments.ts` runs it alone.
 */
import { fileURLToPath } from 'node:url'
import { and, eq, inArray } from 'drizzle-orm'
import { applicants } from '../src/server/db/schema/admission.ts'
import { payments } from '../src/server/db/schema/collection.ts'
import { paymentIntents, paymentMerchants } from '../src/server/db/schema/payments.ts'
import { memorySecretBox } from '../src/server/lib/secret-box.ts'
import { sandboxSignature } from '../src/server/modules/payments/gateways/sandbox.ts'
import {
  demoInstituteId,
  insertApplicant,
  insertForm,
} from '../src/server/test-support/admission.ts'
import { createTestApp } from '../src/server/test-support/test-app.ts'
import { createApp } from '../src/server/app.ts'
import { createLogger } from '../src/server/lib/logger.ts'
import { median } from './median.ts'

const count = Number(process.env.ONLINE_BENCH_PAYMENTS ?? 200)

async function measure() {
  const t = await createTestApp()
  // The payers' rate limit is per address: here every request comes from one.
  const app = createApp({
    db: t.database,
    config: t.config,
    log: createLogger('silent'),
    publicPayments: { requests: { limit: 1_000_000, windowMs: 60_000 } },
  })
  try {
    const instituteId = await demoInstituteId(t)
    const form = await insertForm(t, instituteId, { fee: 50_000 })
    const [merchant] = await t.database.db
      .select()
      .from(paymentMerchants)
      .where(eq(paymentMerchants.instituteId, instituteId))
    const secret = memorySecretBox.open(merchant!.secret)
    // Each applicant starts a payment and pays on the sandbox's page, whose notification is lost.
    const notices: URLSearchParams[] = []
    const applicantIds: string[] = []
    for (let i = 0; i < count; i++) {
      const applicant = await insertApplicant(t, form, { status: 'fee_due', fee: 50_000 })
      applicantIds.push(applicant.id)
      const started = (await (
        await app.request('/api/payments/public/demo-school/intents', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${i}-key` },
          body: JSON.stringify({ purpose: 'admission_fee', temporaryId: applicant.temporaryId }),
        })
      ).json()) as { reference: string; redirectUrl: string }
      await app.request(new URL(started.redirectUrl).pathname, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'pay', drop: 'on' }),
      })
      const notice = new URLSearchParams({
        amount: '50750',
        currency: 'BDT',
        status: 'VALID',
        store_id: merchant!.storeId,
        tran_id: started.reference,
        val_id: `bench-${i}`,
      })
      notice.set('signature', sandboxSignature(secret, notice))
      notices.push(notice)
    }
    const times: number[] = []
    const began = performance.now()
    const statuses = await Promise.all(
      notices.map(async (body) => {
        const sent = performance.now()
        const res = await app.request('/api/payments/notify/sandbox', { method: 'POST', body })
        times.push(performance.now() - sent)
        return res.status
      }),
    )
    const seconds = (performance.now() - began) / 1000
    const db = t.database.db
    const succeeded = await db
      .select({ reference: paymentIntents.reference })
      .from(paymentIntents)
      .where(
        and(eq(paymentIntents.instituteId, instituteId), eq(paymentIntents.status, 'succeeded')),
      )
    const taken = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.instituteId, instituteId), inArray(payments.applicantId, applicantIds)),
      )
    const paid = await db
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(inArray(applicants.id, applicantIds), eq(applicants.status, 'fee_paid')))
    const problems = [
      statuses.some((s) => s !== 200) && `answers ${[...new Set(statuses)].join(', ')}`,
      succeeded.length !== count && `${succeeded.length} intents succeeded`,
      taken.length !== count && `${taken.length} receipts`,
      paid.length !== count && `${paid.length} applicants paid`,
    ].filter(Boolean)
    return { seconds, times, check: problems.length ? problems.join('; ') : 'ok' }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints; a lost or doubled payment fails the run. */
export async function onlinePaymentsBench(verdict: (ok: boolean) => string) {
  console.log(
    `\nOnline payments: ${count} gateway notifications for ${count} distinct payments at once, ` +
      'each checked with the gateway and posted through collection (PGlite, in-process HTTP)',
  )
  const r = await measure()
  const sorted = [...r.times].sort((a, b) => a - b)
  console.log(
    `  ${(count / r.seconds).toFixed(0).padStart(5)} notifications/s (${count} in ` +
      `${r.seconds.toFixed(1)} s), p50 ${median(r.times).toFixed(0)} ms, ` +
      `p99 ${sorted[Math.floor(sorted.length * 0.99) - 1]!.toFixed(0)} ms (no budget; the counter's is beside)`,
  )
  console.log(`    one receipt per payment, none lost or doubled: ${r.check}`)
  if (r.check !== 'ok') verdict(false)
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await onlinePaymentsBench((ok) => (ok ? 'ok' : 'FAILED'))
}
