import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { IncomeAccount } from '../../../../shared/schemas/fee-setup.ts'
import { permissionAreas } from '../../../../shared/permissions/catalogue.ts'
import type { Db } from '../../../db/client.ts'
import { accounts, coaMappings } from '../../../db/schema/accounting.ts'
import { invoiceLines } from '../../../db/schema/fee-invoices.ts'
import { feeHeads } from '../../../db/schema/fee-setup.ts'
import { requireAnyPermission } from '../../../lib/auth.ts'

/** Whoever works on any fee screen reads what they choose from (heads, sessions, cycles). */
export const readFees = () => requireAnyPermission('read', permissionAreas.fees)

/** Accounts mapped to reduce income (concessions allowed): never a fee's income. */
const contraPurposes = ['concession']

/** Whether the account `accountId` names is mapped to a contra-income purpose. */
const contraMapped = (db: Db, instituteId: string, accountId: AnyPgColumn) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(coaMappings)
      .where(
        and(
          eq(coaMappings.instituteId, instituteId),
          eq(coaMappings.accountId, accountId),
          inArray(coaMappings.purpose, contraPurposes),
        ),
      ),
  )

/**
 * The institute's active income leaves, contra-income ones left out: the accounts a fee head
 * may credit.
 */
export async function incomeAccounts(db: Db, instituteId: string): Promise<IncomeAccount[]> {
  const child = alias(accounts, 'child')
  return db
    .select({ id: accounts.id, glCode: accounts.glCode, name: accounts.name })
    .from(accounts)
    .where(
      and(
        eq(accounts.instituteId, instituteId),
        eq(accounts.accountType, 'income'),
        eq(accounts.isActive, true),
        sql`${accounts.level} > 1`,
        sql`not ${exists(
          db
            .select({ one: sql`1` })
            .from(child)
            .where(eq(child.parentId, accounts.id)),
        )}`,
        sql`not ${contraMapped(db, instituteId, accounts.id)}`,
      ),
    )
    .orderBy(asc(accounts.glCode))
}

/**
 * The income heads a new income account may go under (created in place from the fee head
 * dialog): active income group accounts below the type, none holding a contra-income account.
 */
export async function incomeParents(db: Db, instituteId: string): Promise<IncomeAccount[]> {
  const child = alias(accounts, 'child')
  const childOf = (extra?: ReturnType<typeof and>) =>
    db
      .select({ one: sql`1` })
      .from(child)
      .where(and(eq(child.instituteId, instituteId), eq(child.parentId, accounts.id), extra))
  return db
    .select({ id: accounts.id, glCode: accounts.glCode, name: accounts.name })
    .from(accounts)
    .where(
      and(
        eq(accounts.instituteId, instituteId),
        eq(accounts.accountType, 'income'),
        eq(accounts.isActive, true),
        sql`${accounts.level} between 2 and 4`,
        exists(childOf()),
        sql`not ${exists(childOf(contraMapped(db, instituteId, child.id)))}`,
      ),
    )
    .orderBy(asc(accounts.glCode))
}

/** The ids of `headIds` that invoices use (such a head is deactivated, never deleted). */
export async function headsInvoiced(db: Db, instituteId: string, headIds: string[]) {
  if (headIds.length === 0) return new Set<string>()
  const rows = await db
    .selectDistinct({ id: invoiceLines.feeHeadId })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.instituteId, instituteId), inArray(invoiceLines.feeHeadId, headIds)))
  return new Set(rows.map((r) => r.id))
}

/** The institute's fee heads by id (for checking the ids a request names). */
export async function headsById(db: Db, instituteId: string) {
  const rows = await db.select().from(feeHeads).where(eq(feeHeads.instituteId, instituteId))
  return new Map(rows.map((r) => [r.id, r]))
}
