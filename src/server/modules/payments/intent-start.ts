import { randomBytes } from 'node:crypto'
import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  shareOf,
  surchargeOf,
  type OnlineQuote,
  type PaymentService,
} from '../../../shared/schemas/payments.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { applicants } from '../../db/schema/admission.ts'
import { students } from '../../db/schema/students.ts'
import type { institutes } from '../../db/schema/institutes.ts'
import { paymentIntents, type IntentLine } from '../../db/schema/payments.ts'
import { ApiException, conflict, notFound, refuse } from '../../lib/errors.ts'
import { withIdempotency } from '../../lib/idempotency.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { msAgo } from '../../lib/today.ts'
import { firstCampusId } from '../students/student-create.ts'
import { gatewayAdapter } from './gateways/registry.ts'
import { chosenLines, studentOfPass } from './guardian-dues.ts'
import { appended, checkAndSettle, expireAfterMs } from './intent-settle.ts'
import { campusMerchant, credentialsOf, offeredService, type MerchantRow } from './merchant-read.ts'

type InstituteRow = typeof institutes.$inferSelect

/** Who pays what: an applicant their fee, or a guardian a student's invoice lines. */
interface Payer {
  applicantId: string | null
  studentId: string | null
  lines: IntentLine[]
  /** The day the lines' fines were read as of. */
  finesAsOf: string | null
  campusId: string
  /** As the gateway's page shows them. */
  contact: { name: string; phone: string; email: string }
}

/** What the payer would pay, and through whom: everything the server fixes before the gateway. */
interface Priced {
  quote: OnlineQuote
  merchant: MerchantRow
  franchiseMinor: number
  payer: Payer
}

/** `OP` and 16 of base32's letters and digits: unguessable, and fits every gateway's field. */
const newReference = () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  return `OP${[...randomBytes(16)].map((b) => alphabet[b % 32]).join('')}`
}

/** The applicant's fee as it would be paid online; 404 / 409 when it cannot be. */
export async function priceApplicantFee(
  db: Db,
  institute: InstituteRow,
  temporaryId: string,
): Promise<Priced> {
  const [applicant] = await db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, institute.id), eq(applicants.temporaryId, temporaryId)))
  if (!applicant) throw notFound('application_not_found')
  if (applicant.status !== 'fee_due' || applicant.fee <= 0) {
    throw conflict('application_fee_not_due', { values: { status: applicant.status } })
  }
  return price(db, institute, 'admission_fee', applicant.fee, {
    applicantId: applicant.id,
    studentId: null,
    lines: [],
    finesAsOf: null,
    campusId: await firstCampusId(db, institute.id),
    contact: { name: applicant.applicantName, phone: applicant.phone, email: applicant.email },
  })
}

/**
 * A guardian's payment of the chosen invoices of the student their pass opens, through the
 * merchant of the student's campus; 401 / 409 when it cannot be.
 */
export async function priceDues(
  c: Context<AppEnv>,
  institute: InstituteRow,
  access: string,
  invoiceIds: string[],
): Promise<Priced> {
  const { db } = c.var.database
  const student = await studentOfPass(db, c.var.services, institute.id, access)
  const { lines, asOf } = await chosenLines(db, institute.id, student.id, invoiceIds)
  const amount = lines.reduce((s, l) => s + l.principalMinor + l.fineMinor, 0)
  return price(db, institute, 'dues', amount, {
    applicantId: null,
    studentId: student.id,
    lines,
    finesAsOf: asOf,
    campusId: student.campusId,
    contact: {
      name: student.guardianName || student.fullName,
      phone: student.guardianPhone,
      email: student.guardianEmail,
    },
  })
}

async function price(
  db: Db,
  institute: InstituteRow,
  service: PaymentService,
  amountMinor: number,
  payer: Payer,
): Promise<Priced> {
  const offered = await offeredService(db, institute.id, service)
  const merchant = offered && (await campusMerchant(db, institute.id, payer.campusId, service))
  if (!offered || !merchant) throw conflict('online_payment_not_offered')
  const gateway = gatewayAdapter(merchant.provider)
  if (merchant.mode === 'live' && !gateway.info.liveAllowed) {
    throw conflict('merchant_live_not_allowed')
  }
  const surchargeMinor = surchargeOf(amountMinor, offered)
  return {
    quote: {
      service,
      amountMinor,
      surchargeMinor,
      totalMinor: amountMinor + surchargeMinor,
      currency: institute.currency,
      provider: merchant.provider,
      providerName: gateway.info.name,
    },
    merchant,
    franchiseMinor: shareOf(amountMinor, offered.franchiseFixedMinor, offered.franchiseBasisPoints),
    payer,
  }
}

/*
 * One payment at a time for the same fee or invoice line: a second tab (or a second press after
 * a reload) would otherwise open a second gateway page, and a payer paying on both would have the
 * second payment held for a refund. While an earlier start is at the gateway, a new one is
 * refused with that page's address to go on with. One left this long unfinished was given up:
 * a new start goes ahead (and were the old page paid after all, that payment is held).
 */
export const startHoldsForMs = 30 * 60_000
/** A start still asking its gateway for a page (the adapters give up after 15 s). */
const openingForMs = 60_000
/** The event a start records when its gateway opened no page: nothing there to pay. */
const notOpened = 'gateway_unavailable'

/**
 * The payer's earlier starts, newest first, still open (pending at the gateway, or being opened)
 * and started within `withinMs`, of anything the payer would pay.
 */
async function openStarts(db: Db, instituteId: string, payer: Payer, withinMs: number) {
  const rows = await db
    .select({
      reference: paymentIntents.reference,
      status: paymentIntents.status,
      lines: paymentIntents.lines,
      redirectUrl: paymentIntents.redirectUrl,
      minutes: sql<number>`greatest(1, round(extract(epoch from now() - ${paymentIntents.createdAt}) / 60))::int`,
    })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.instituteId, instituteId),
        payer.applicantId
          ? eq(paymentIntents.applicantId, payer.applicantId)
          : eq(paymentIntents.studentId, payer.studentId!),
        gt(paymentIntents.createdAt, msAgo(withinMs)),
        or(
          and(eq(paymentIntents.status, 'pending'), ne(paymentIntents.redirectUrl, '')),
          and(
            eq(paymentIntents.status, 'created'),
            gt(paymentIntents.createdAt, msAgo(openingForMs)),
            sql`not ${paymentIntents.events} @> ${JSON.stringify([{ status: notOpened }])}::jsonb`,
          ),
        ),
      ),
    )
    .orderBy(desc(paymentIntents.createdAt))
  const paying = new Set(payer.lines.map((line) => line.lineId))
  return rows.filter(
    (row) => payer.applicantId || row.lines.some((line) => paying.has(line.lineId)),
  )
}

/**
 * Asks the gateway about the payer's earlier starts still open there, back to the day after
 * which they expire (a notification may be late, or lost): true when one of them settled, so
 * that what is left to pay must be read again.
 */
export async function settleEarlierStarts(
  c: Context<AppEnv>,
  institute: InstituteRow,
  priced: Priced,
): Promise<boolean> {
  const { db } = c.var.database
  const open = await openStarts(db, institute.id, priced.payer, expireAfterMs)
  let settled = false
  for (const { reference, status } of open) {
    if (status !== 'pending') continue
    const now = await checkAndSettle(
      { db, services: c.var.services, log: c.var.log },
      reference,
      'start',
    )
    if (now && now.status !== 'pending') settled = true
  }
  return settled
}

/** 409 while an earlier start of what the payer would pay is at the gateway (see above). */
async function refuseWhileUnfinished(db: Db, instituteId: string, payer: Payer) {
  const [earlier] = await openStarts(db, instituteId, payer, startHoldsForMs)
  if (!earlier) return
  if (!earlier.redirectUrl) throw conflict('payment_opening')
  throw conflict('payment_in_progress', {
    values: { minutes: earlier.minutes, redirectUrl: earlier.redirectUrl },
  })
}

/** The payment started under this Idempotency-Key for the same request, once at its gateway. */
export async function startedUnder(db: Db, instituteId: string, key: string, fingerprint: string) {
  const [earlier] = await db
    .select({ reference: paymentIntents.reference, redirectUrl: paymentIntents.redirectUrl })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.instituteId, instituteId),
        eq(paymentIntents.idempotencyKey, key),
        eq(paymentIntents.payloadHash, fingerprint),
      ),
    )
  return earlier?.redirectUrl ? earlier : undefined
}

/**
 * Starts paying: the intent (amount and currency the server's), then the gateway's session.
 * Under one Idempotency-Key the same intent and the same gateway page, however often retried;
 * a session the gateway did not open (it was unreachable) is asked for again on the retry.
 */
export async function startPayment(
  c: Context<AppEnv>,
  institute: InstituteRow,
  priced: Priced,
  request: { key: string; fingerprint: string },
): Promise<{ reference: string; redirectUrl: string; replayed: boolean }> {
  const { db } = c.var.database
  const { answer: reference, replayed } = await withIdempotency(
    {
      key: request.key,
      fingerprint: request.fingerprint,
      subject: 'payment',
      find: async (key) => {
        const [earlier] = await db
          .select({ reference: paymentIntents.reference, hash: paymentIntents.payloadHash })
          .from(paymentIntents)
          .where(
            and(
              eq(paymentIntents.instituteId, institute.id),
              eq(paymentIntents.idempotencyKey, key),
            ),
          )
        return earlier && { fingerprint: earlier.hash, answer: earlier.reference }
      },
    },
    () =>
      db.transaction(async (tx) => {
        // The payer's row locked: of two starts at once, the second sees the first's intent.
        const payer = priced.payer
        if (payer.applicantId) {
          const [applicant] = await tx
            .select({ status: applicants.status })
            .from(applicants)
            .where(eq(applicants.id, payer.applicantId))
            .for('update')
          // Paid meanwhile (an earlier start's notification came after the price was read).
          if (applicant && applicant.status !== 'fee_due') {
            throw conflict('application_fee_not_due', { values: { status: applicant.status } })
          }
        } else {
          await tx
            .select({ id: students.id })
            .from(students)
            .where(eq(students.id, payer.studentId!))
            .for('update')
        }
        await refuseWhileUnfinished(tx, institute.id, payer)
        const [row] = await tx
          .insert(paymentIntents)
          .values({
            instituteId: institute.id,
            reference: newReference(),
            campusId: priced.payer.campusId,
            service: priced.quote.service,
            applicantId: priced.payer.applicantId,
            studentId: priced.payer.studentId,
            lines: priced.payer.lines,
            finesAsOf: priced.payer.finesAsOf,
            amountMinor: priced.quote.amountMinor,
            surchargeMinor: priced.quote.surchargeMinor,
            franchiseMinor: priced.franchiseMinor,
            currency: priced.quote.currency,
            provider: priced.merchant.provider,
            merchantId: priced.merchant.id,
            idempotencyKey: request.key,
            payloadHash: request.fingerprint,
            events: [{ at: new Date().toISOString(), source: 'start', status: 'created' }],
          })
          .returning({ reference: paymentIntents.reference })
        return row!.reference
      }),
  )
  const [intent] = await db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, reference))
  if (intent!.redirectUrl) return { reference, redirectUrl: intent!.redirectUrl, replayed }

  const box = await c.var.services.secrets()
  const merchant = credentialsOf(priced.merchant, box)
  const back = (path: string) => publicUrl(c, `${path}/${institute.slug}?reference=${reference}`)
  let session: { redirectUrl: string }
  try {
    session = await gatewayAdapter(intent!.provider).startSession(
      { db, services: c.var.services },
      merchant,
      {
        reference,
        amountMinor: intent!.amountMinor + intent!.surchargeMinor,
        currency: intent!.currency,
        currencyDigits: institute.currencyDigits,
        description: `${institute.name}: ${priced.quote.service}`,
        payer: priced.payer.contact,
        urls: {
          success: back('/payment/successful'),
          fail: back('/payment/failed'),
          cancel: back('/payment/failed'),
          notify: publicUrl(c, `/api/payments/notify/${intent!.provider}`),
        },
      },
    )
  } catch (e) {
    if (e instanceof ApiException) throw e
    c.var.log.warn('gateway session not started', { reference, error: String(e) })
    // Kept open for a retry under the same key; a new start need not wait for it.
    await db
      .update(paymentIntents)
      .set({
        events: appended({ at: new Date().toISOString(), source: 'start', status: notOpened }),
      })
      .where(eq(paymentIntents.reference, reference))
    // 502: the gateway failed us; a 503 would say this app is down for maintenance.
    throw refuse(502, 'gateway_unavailable')
  }
  await db
    .update(paymentIntents)
    .set({ redirectUrl: session.redirectUrl, status: 'pending', updatedAt: sql`now()` })
    .where(and(eq(paymentIntents.reference, reference), eq(paymentIntents.status, 'created')))
  return { reference, redirectUrl: session.redirectUrl, replayed }
}
