import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CreateVoucherSchema,
  ReverseVoucherSchema,
  type Voucher,
  VoucherListSchema,
  VoucherSchema,
} from '../../../shared/schemas/accounting.ts'
import { VoucherListQuerySchema } from '../../../shared/schemas/accounting-queries.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { postVoucher, type PostingRequest } from './posting.ts'
import { findVoucher, listVouchers } from './voucher-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

const auditView = (v: Voucher) => ({
  reference: v.reference,
  date: v.date,
  narration: v.narration,
  lines: v.lines.map((l) => `${l.glCode} Dr ${l.debit} Cr ${l.credit}`),
})

async function voucherOr404(c: Context<AppEnv>) {
  const voucher = await findVoucher(
    c.var.database.db,
    c.var.auth.instituteId,
    c.req.param('voucherId') ?? '',
  )
  if (!voucher) throw notFound('voucher_not_found')
  return voucher
}

/**
 * Posts a voucher by the caller in `tx` and answers it as read back, audited as `action`: on
 * the voucher itself, or on the `original` it reverses.
 */
async function postAudited(
  c: Context<AppEnv>,
  tx: Db,
  request: PostingRequest,
  action: 'create' | 'reverse',
  original?: Voucher,
) {
  const { auth } = c.var
  const posted = await postVoucher(tx, auth.instituteId, { ...request, createdBy: auth.user.id })
  const created = (await findVoucher(tx, auth.instituteId, posted.id))!
  await audit(c, tx, {
    area: 'accounting',
    action,
    entity: 'voucher',
    entityId: (original ?? created).id,
    before: original && auditView(original),
    after: auditView(created),
  })
  return created
}

/** What a voucher request asks for, line for line: a retry asks the same, a second voucher not. */
const voucherFingerprint = (v: {
  type: string
  date: string
  narration: string
  lines: { accountId: string; debit: number; credit: number; memo: string }[]
}) =>
  fingerprintOf({
    type: v.type,
    date: v.date,
    narration: v.narration,
    lines: v.lines.map((l) => ({
      accountId: l.accountId,
      debit: l.debit,
      credit: l.credit,
      memo: l.memo,
    })),
  })

/**
 * A reversal's narration names the voucher it reverses, whatever the user wrote: their own
 * words are kept, the reference put in front when they left it out.
 */
function reversalNarration(original: Voucher, narration: string | undefined) {
  if (!narration) return `Reversal of ${original.reference}: ${original.narration}`
  return narration.includes(original.reference) ? narration : `${original.reference}: ${narration}`
}

/** Vouchers (§2 /vouchers, permission getVouchers): list, read, enter, reverse. */
export const voucherRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: VoucherListSchema, query: VoucherListQuerySchema }))
  .get('/', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const query = readQuery(c, VoucherListQuerySchema)
    const result = await listVouchers(c.var.database.db, c.var.auth.instituteId, query)
    return c.json({ ...result, page: query.page, perPage: query.perPage })
  })

  .get('/:voucherId', documented({ answers: VoucherSchema }))
  .get('/:voucherId', requireAuth(), requirePermission('read', 'getVouchers'), async (c) =>
    c.json(await voucherOr404(c)),
  )

  .post(
    '/',
    documented({
      answers: VoucherSchema,
      body: CreateVoucherSchema,
      status: 201,
      idempotencyKey: 'optional',
    }),
  )
  .post('/', requireAuth(), requirePermission('create', 'getVouchers'), async (c) => {
    const body = await readJson(c, CreateVoucherSchema)
    const key = idempotencyKey(c, { required: false })
    const { database, auth } = c.var
    const { answer: voucher } = await withIdempotency(
      {
        key,
        fingerprint: voucherFingerprint(body),
        /** The voucher an earlier request with this key posted. */
        find: async (key) => {
          const [earlier] = await database.db
            .select({ id: vouchers.id })
            .from(vouchers)
            .where(
              and(eq(vouchers.instituteId, auth.instituteId), eq(vouchers.idempotencyKey, key)),
            )
          if (!earlier) return undefined
          const voucher = (await findVoucher(database.db, auth.instituteId, earlier.id))!
          return { fingerprint: voucherFingerprint(voucher), answer: voucher }
        },
        subject: 'voucher',
      },
      () =>
        database.db.transaction((tx) =>
          postAudited(c, tx, { ...body, idempotencyKey: key }, 'create'),
        ),
    )
    return c.json(voucher, 201)
  })

  .post(
    '/:voucherId/reverse',
    documented({ answers: VoucherSchema, body: ReverseVoucherSchema, status: 201 }),
  )
  .post(
    '/:voucherId/reverse',
    requireAuth(),
    requirePermission('create', 'getVouchers'),
    async (c) => {
      const original = await voucherOr404(c)
      const body = await readJson(c, ReverseVoucherSchema)
      if (original.reversedById) throw conflict('already_reversed')
      if (original.reversesId) throw conflict('reversal_of_reversal')
      // An invoice's or a receipt's posting is undone where it was made (a credit note, a
      // cancelled receipt), so that its module's records move with the ledger.
      if (original.source !== 'manual') {
        throw conflict('reversal_in_module', { values: { source: original.source } })
      }
      if (body.date < original.date) {
        throw validationFailed({ date: 'reversal_before_voucher' })
      }
      const reversal = await c.var.database.db.transaction((tx) =>
        postAudited(
          c,
          tx,
          {
            // Undoing a receipt neither receives nor pays money: it is a journal entry.
            type: 'journal',
            date: body.date,
            narration: reversalNarration(original, body.narration),
            lines: original.lines.map((l) => ({
              accountId: l.accountId,
              debit: l.credit,
              credit: l.debit,
              memo: l.memo,
            })),
            reversesId: original.id,
            allowInactive: true,
          },
          'reverse',
          original,
        ),
      )
      return c.json(reversal, 201)
    },
  )
