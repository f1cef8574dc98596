import { and, asc, desc, eq } from 'drizzle-orm'
import type { FeeHead } from '../../../../shared/schemas/fee-heads.ts'
import type { Db } from '../../../db/client.ts'
import { accounts } from '../../../db/schema/accounting.ts'
import { feeHeads, vatRates } from '../../../db/schema/fee-setup.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { presentVatRate } from '../rules/vat-rate-row.ts'
import { headsInvoiced } from './setup-read.ts'

/** The institute's fee heads (or the one named), with their income accounts and VAT rates. */
export async function listHeads(db: Db, instituteId: string, only?: string): Promise<FeeHead[]> {
  const rows = await db
    .select({ head: feeHeads, glCode: accounts.glCode, accountName: accounts.name })
    .from(feeHeads)
    .innerJoin(accounts, rowKey(accounts, feeHeads.instituteId, feeHeads.incomeAccountId))
    .where(and(eq(feeHeads.instituteId, instituteId), only ? eq(feeHeads.id, only) : undefined))
    .orderBy(asc(feeHeads.priority), asc(feeHeads.name))
  const rates = await db
    .select()
    .from(vatRates)
    .where(eq(vatRates.instituteId, instituteId))
    .orderBy(desc(vatRates.effectiveFrom))
  const used = await headsInvoiced(
    db,
    instituteId,
    rows.map((r) => r.head.id),
  )
  return rows.map(({ head, glCode, accountName }) => ({
    id: head.id,
    name: head.name,
    code: head.code,
    kind: head.kind,
    incomeAccountId: head.incomeAccountId,
    incomeAccount: `${glCode} ${accountName}`,
    vatRates: rates.filter((r) => r.feeHeadId === head.id).map(presentVatRate),
    priority: head.priority,
    active: head.active,
    inUse: used.has(head.id),
  }))
}
