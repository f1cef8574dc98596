import { and, eq, ne, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import type { FeeHeadInputSchema } from '../../../../shared/schemas/fee-setup.ts'
import type { Db } from '../../../db/client.ts'
import { accounts, coaMappings } from '../../../db/schema/accounting.ts'
import { feeConfigs, feeHeads, studentFeeOverrides } from '../../../db/schema/fee-setup.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { conflict, notFound, postgresErrorCode, validationFailed } from '../../../lib/errors.ts'
import { headsInvoiced, incomeAccounts } from './setup-read.ts'

export type HeadRow = typeof feeHeads.$inferSelect
type HeadValues = v.InferOutput<typeof FeeHeadInputSchema>

const taken = (field: 'code' | 'name') => {
  const code = field === 'code' ? 'fee_head_code_taken' : 'fee_head_name_taken'
  return conflict(code, { fields: { [field]: code } })
}

/** A unique index's refusal as the 409 of the field it guards; any other error as it is. */
export const uniqueClash = (err: unknown) => {
  if (postgresErrorCode(err) !== '23505') return err
  return taken(
    String((err as { constraint?: string }).constraint).includes('code') ? 'code' : 'name',
  )
}

/** 409 on the field another head of the institute already has (code exactly, name in any case). */
async function assertFree(tx: Db, instituteId: string, body: HeadValues, except?: string) {
  const others = and(
    eq(feeHeads.instituteId, instituteId),
    except ? ne(feeHeads.id, except) : undefined,
  )
  const [code] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(others, eq(feeHeads.code, body.code)))
  if (code) throw taken('code')
  const [name] = await tx
    .select({ id: feeHeads.id })
    .from(feeHeads)
    .where(and(others, sql`lower(${feeHeads.name}) = lower(${body.name})`))
  if (name) throw taken('name')
}

/** The income account named, as "code name": 422 unless an active income leaf of the institute. */
async function incomeAccount(tx: Db, instituteId: string, accountId: string) {
  const account = (await incomeAccounts(tx, instituteId)).find((a) => a.id === accountId)
  if (!account) throw validationFailed({ incomeAccountId: 'fee_income_account' })
  return `${account.glCode} ${account.name}`
}

/** The head's COA mapping (fee income, keyed by the head's id), kept with its income account. */
async function keepMapping(tx: Db, instituteId: string, headId: string, accountId: string) {
  await tx
    .insert(coaMappings)
    .values({ instituteId, purpose: 'fee_income', key: headId, accountId })
    .onConflictDoUpdate({
      target: [coaMappings.instituteId, coaMappings.purpose, coaMappings.key],
      set: { accountId },
    })
}

const valuesOf = (body: HeadValues) => ({
  name: body.name,
  code: body.code,
  kind: body.kind,
  incomeAccountId: body.incomeAccountId,
  priority: body.priority,
  active: body.active,
})

/** The institute's head of that id, locked for the change: 404 when there is none. */
export async function lockedHead(tx: Db, instituteId: string, headId: string): Promise<HeadRow> {
  const [row] = await tx
    .select()
    .from(feeHeads)
    .where(and(eq(feeHeads.instituteId, instituteId), eq(feeHeads.id, headId)))
    .for('update')
  if (!row) throw notFound('fee_head_not_found')
  return row
}

/** A new head, mapped to its income account; answers it with the account as "code name". */
export async function createHead(tx: Db, instituteId: string, body: HeadValues) {
  await assertFree(tx, instituteId, body)
  const account = await incomeAccount(tx, instituteId, body.incomeAccountId)
  const [row] = await tx
    .insert(feeHeads)
    .values({ ...valuesOf(body), instituteId })
    .returning()
  await keepMapping(tx, instituteId, row!.id, row!.incomeAccountId)
  return { row: row!, account }
}

/** The head's new values and mapping; answers it saved, with its account before and after. */
export async function updateHead(tx: Db, instituteId: string, row: HeadRow, body: HeadValues) {
  await assertFree(tx, instituteId, body, row.id)
  const [before] = await tx
    .select({ glCode: accounts.glCode, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, row.incomeAccountId))
  const account = await incomeAccount(tx, instituteId, body.incomeAccountId)
  const [saved] = await tx
    .update(feeHeads)
    .set({ ...valuesOf(body), updatedAt: new Date() })
    .where(rowKey(feeHeads, row.instituteId, row.id))
    .returning()
  await keepMapping(tx, instituteId, row.id, saved!.incomeAccountId)
  return { saved: saved!, accountBefore: `${before!.glCode} ${before!.name}`, account }
}

/** Deletes a head no invoice uses (409 otherwise), with its amounts, overrides and mapping. */
export async function deleteHead(tx: Db, instituteId: string, row: HeadRow) {
  if ((await headsInvoiced(tx, instituteId, [row.id])).has(row.id)) {
    throw conflict('fee_head_in_use')
  }
  // Its amounts and overrides go with it; VAT rates, fine rules and concessions refer to it
  // by foreign key, and keep it (deactivate it instead).
  await tx.delete(feeConfigs).where(eq(feeConfigs.feeHeadId, row.id))
  await tx.delete(studentFeeOverrides).where(eq(studentFeeOverrides.feeHeadId, row.id))
  await tx
    .delete(coaMappings)
    .where(
      and(
        eq(coaMappings.instituteId, instituteId),
        eq(coaMappings.purpose, 'fee_income'),
        eq(coaMappings.key, row.id),
      ),
    )
  await tx
    .delete(feeHeads)
    .where(rowKey(feeHeads, row.instituteId, row.id))
    .catch((err: unknown) => {
      throw postgresErrorCode(err) === '23503' ? conflict('fee_head_in_use') : err
    })
}
