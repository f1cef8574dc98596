import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Account } from '../../../shared/schemas/accounting.ts'
import type { AccountType } from '../../../shared/schemas/accounting-queries.ts'
import type { Db } from '../../db/client.ts'
import { accounts, coaMappings, voucherLines } from '../../db/schema/accounting.ts'

export type AccountRow = typeof accounts.$inferSelect

/** Every account of the institute with its own line totals rolled up into its heads. */
export async function loadChart(db: Db, instituteId: string): Promise<Account[]> {
  const rows = await db
    .select()
    .from(accounts)
    .where(eq(accounts.instituteId, instituteId))
    .orderBy(accounts.glCode)
  const sums = await db
    .select({
      accountId: voucherLines.accountId,
      debit: sql<number>`sum(${voucherLines.debit})`.mapWith(Number),
      credit: sql<number>`sum(${voucherLines.credit})`.mapWith(Number),
    })
    .from(voucherLines)
    .where(eq(voucherLines.instituteId, instituteId))
    .groupBy(voucherLines.accountId)
  const byId = new Map<string, Account>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        level: r.level,
        accountType: r.accountType as AccountType,
        glCode: r.glCode,
        name: r.name,
        isActive: r.isActive,
        isLeaf: true,
        hasPostings: false,
        debit: 0,
        credit: 0,
      },
    ]),
  )
  for (const account of byId.values()) {
    // The five account types are never leaves, even without heads under them.
    if (account.level === 1) account.isLeaf = false
    if (account.parentId) byId.get(account.parentId)!.isLeaf = false
  }
  for (const sum of sums) {
    let node = byId.get(sum.accountId)
    if (node) node.hasPostings = true
    while (node) {
      node.debit += sum.debit
      node.credit += sum.credit
      node = node.parentId ? byId.get(node.parentId) : undefined
    }
  }
  return [...byId.values()]
}

export async function accountOf(db: Db, instituteId: string, id: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.instituteId, instituteId)))
  return row
}

/** The account and every account under it, ids only. */
export async function subtreeIds(db: Db, instituteId: string, id: string): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive sub as (
      select institute_id, id from accounts where institute_id = ${instituteId} and id = ${id}
      union all
      select a.institute_id, a.id from accounts a
        join sub on a.institute_id = sub.institute_id and a.parent_id = sub.id
    ) select id from sub`)) as unknown as { rows: { id: string }[] }
  return result.rows.map((r) => r.id)
}

export async function hasPostings(db: Db, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false
  const [row] = await db
    .select({ id: voucherLines.id })
    .from(voucherLines)
    .where(sql`${voucherLines.accountId} in ${ids}`)
    .limit(1)
  return Boolean(row)
}

export async function isMapped(db: Db, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false
  const [row] = await db
    .select({ id: coaMappings.id })
    .from(coaMappings)
    .where(inArray(coaMappings.accountId, ids))
    .limit(1)
  return Boolean(row)
}

/** The next free GL code under a parent: its code plus the level's digits, counting up. */
export async function nextGlCode(db: Db, parent: AccountRow, digits: number) {
  const siblings = await db
    .select({ glCode: accounts.glCode })
    .from(accounts)
    .where(and(eq(accounts.instituteId, parent.instituteId), eq(accounts.parentId, parent.id)))
  const used = siblings
    .map((s) => s.glCode)
    .filter(
      (code) => code.length === parent.glCode.length + digits && code.startsWith(parent.glCode),
    )
    .map((code) => Number(code.slice(parent.glCode.length)))
  const next = (used.length ? Math.max(...used) : 0) + 1
  if (String(next).length > digits) return undefined
  return parent.glCode + String(next).padStart(digits, '0')
}

/** Whether an account of the institute already has the GL code. */
export async function glCodeTaken(db: Db, instituteId: string, glCode: string) {
  const [clash] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.instituteId, instituteId), eq(accounts.glCode, glCode)))
  return Boolean(clash)
}
