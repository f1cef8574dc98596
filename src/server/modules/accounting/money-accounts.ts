import { and, eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { MoneyAccount } from '../../../shared/schemas/accounting.ts'
import type { AppEnv } from '../../app-env.ts'
import { accounts, coaMappings } from '../../db/schema/accounting.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * Where money is received into and paid from: the active leaves mapped as cash or as a bank
 * account. Read by whoever enters vouchers, who need not
 * see the mapping itself.
 */
export const moneyAccountRoutes = new Hono<AppEnv>()
  .get('/', documented({}))
  .get('/', requireAuth(), requirePermission('read', 'getVouchers'), async (c) => {
    const rows = await c.var.database.db
      .select({
        accountId: accounts.id,
        glCode: accounts.glCode,
        name: accounts.name,
        purpose: coaMappings.purpose,
        key: coaMappings.key,
      })
      .from(coaMappings)
      .innerJoin(accounts, rowKey(accounts, coaMappings.instituteId, coaMappings.accountId))
      .where(
        and(
          eq(coaMappings.instituteId, c.var.auth.instituteId),
          inArray(coaMappings.purpose, ['cash', 'bank']),
          eq(accounts.isActive, true),
          // A head takes no postings, even one that was a leaf when it was mapped.
          sql`not exists (select 1 from accounts c where c.parent_id = ${accounts.id})`,
        ),
      )
      // Cash first, then the banks by name.
      .orderBy(sql`${coaMappings.purpose} <> 'cash'`, coaMappings.key)
    const data: MoneyAccount[] = rows.map((r) => ({
      ...r,
      purpose: r.purpose === 'cash' ? 'cash' : 'bank',
      key: r.key || null,
    }))
    return c.json({ data })
  })
