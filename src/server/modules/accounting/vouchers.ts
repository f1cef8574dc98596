import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CreateVoucherSchema,
  ReverseVoucherSchema,
  VoucherListQuerySchema,
  type Voucher,
} from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import { vouchers } from '../../db/schema/accounting.ts'
import { audit } from '../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { ApiException, badRequest, notFound, postgresErrorCode } from '../../lib/errors.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { postVoucher } from './posting.ts'
import { findVoucher, listVouchers } from './voucher-read.ts'

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
  if (!voucher) throw notFound('No such voucher')
  return voucher
}

/** The same request again, line for line: a retry rather than a second voucher. */
const sameRequest = (
  v: Voucher,
  body: {
    type: string
    date: string
    narration: string
    lines: { accountId: string; debit: number; credit: number; memo: string }[]
  },
) =>
  v.type === body.type &&
  v.date === body.date &&
  v.narration === body.narration &&
  v.lines.length === body.lines.length &&
  v.lines.every(
    (l, i) =>
      l.accountId === body.lines[i]!.accountId &&
      l.debit === body.lines[i]!.debit &&
      l.credit === body.lines[i]!.credit &&
      l.memo === body.lines[i]!.memo,
  )

/** Vouchers (§2 /vouchers, permission getVouchers): list, read, enter, reverse. */
export const voucherRoutes = new Hono<AppEnv>()
  .get('/', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const query = parseOrThrow(VoucherListQuerySchema, c.req.query())
    const result = await listVouchers(c.var.database.db, c.var.auth.instituteId, query)
    return c.json({ ...result, page: query.page, perPage: query.perPage })
  })

  .get('/:voucherId', requireAuth(), requirePermission('read', 'getVouchers'), async (c) =>
    c.json(await voucherOr404(c)),
  )

  .post('/', requireAuth(), requirePermission('create', 'getVouchers'), async (c) => {
    const body = await readJson(c, CreateVoucherSchema)
    const key = c.req.header('idempotency-key')?.trim()
    if (key !== undefined && (key.length < 8 || key.length > 100)) {
      throw badRequest(
        'The Idempotency-Key header must be 8–100 characters.',
        'bad_idempotency_key',
      )
    }
    const { database, auth } = c.var
    /** The voucher an earlier request with this key posted, if it asked for the same. */
    const earlierAnswer = async () => {
      if (!key) return undefined
      const [earlier] = await database.db
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(and(eq(vouchers.instituteId, auth.instituteId), eq(vouchers.idempotencyKey, key)))
      if (!earlier) return undefined
      const voucher = (await findVoucher(database.db, auth.instituteId, earlier.id))!
      if (!sameRequest(voucher, body)) {
        throw new ApiException(409, 'This Idempotency-Key was used for a different voucher.', {
          code: 'idempotency_conflict',
        })
      }
      return voucher
    }
    const earlier = await earlierAnswer()
    if (earlier) return c.json(earlier, 201)
    const post = () =>
      database.db.transaction(async (tx) => {
        const posted = await postVoucher(tx, auth.instituteId, {
          ...body,
          idempotencyKey: key,
          createdBy: auth.user.id,
        })
        const created = (await findVoucher(tx, auth.instituteId, posted.id))!
        await audit(c, tx, {
          area: 'accounting',
          action: 'create',
          entity: 'voucher',
          entityId: created.id,
          after: auditView(created),
        })
        return created
      })
    // The same key sent twice at once: the second finds the first's voucher once it committed.
    const voucher = await post().catch(async (err: unknown) => {
      const retried = postgresErrorCode(err) === '23505' ? await earlierAnswer() : undefined
      if (!retried) throw err
      return retried
    })
    return c.json(voucher, 201)
  })

  .post(
    '/:voucherId/reverse',
    requireAuth(),
    requirePermission('create', 'getVouchers'),
    async (c) => {
      const original = await voucherOr404(c)
      const body = await readJson(c, ReverseVoucherSchema)
      if (original.reversedById) {
        throw new ApiException(409, 'This voucher has already been reversed.', {
          code: 'already_reversed',
        })
      }
      if (original.reversesId) {
        throw new ApiException(409, 'A reversing voucher cannot itself be reversed.', {
          code: 'reversal_of_reversal',
        })
      }
      if (body.date < original.date) {
        throw new ApiException(422, 'The given data was invalid.', {
          code: 'validation_failed',
          errors: { date: ['A reversal cannot be dated before the voucher it reverses.'] },
        })
      }
      const { database, auth } = c.var
      const reversal = await database.db.transaction(async (tx) => {
        const posted = await postVoucher(tx, auth.instituteId, {
          type: original.type,
          date: body.date,
          narration: body.narration || `Reversal of ${original.reference}: ${original.narration}`,
          lines: original.lines.map((l) => ({
            accountId: l.accountId,
            debit: l.credit,
            credit: l.debit,
            memo: l.memo,
          })),
          reversesId: original.id,
          allowInactive: true,
          createdBy: auth.user.id,
        })
        const created = (await findVoucher(tx, auth.instituteId, posted.id))!
        await audit(c, tx, {
          area: 'accounting',
          action: 'reverse',
          entity: 'voucher',
          entityId: original.id,
          before: auditView(original),
          after: auditView(created),
        })
        return created
      })
      return c.json(reversal, 201)
    },
  )
