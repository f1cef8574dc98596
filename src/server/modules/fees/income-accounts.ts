import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { incomeAccounts } from './setup-read.ts'

/** /fees/income-accounts: the accounts a fee head may credit (active income leaves). */
export const incomeAccountRoutes = new Hono<AppEnv>().get(
  '/',
  requireAuth(),
  requirePermission('read', 'std-fee-config'),
  async (c) => c.json({ data: await incomeAccounts(c.var.database.db, c.var.auth.instituteId) }),
)
