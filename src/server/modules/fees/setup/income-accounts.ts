import { Hono } from 'hono'
import {
  IncomeAccountListSchema,
  type IncomeAccountList,
} from '../../../../shared/schemas/fee-setup.ts'
import type { AppEnv } from '../../../app-env.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import { incomeAccounts, incomeParents } from './setup-read.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/**
 * /fees/income-accounts: the accounts a fee head may credit (active income leaves, not
 * contra-income), and the income heads a new one may be created under (through the accounting
 * API, with its own permission).
 */
export const incomeAccountRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: IncomeAccountListSchema }))
  .get('/', requireAuth(), requirePermission('read', 'std-fee-config'), async (c) => {
    const { db } = c.var.database
    const instituteId = c.var.auth.instituteId
    return c.json<IncomeAccountList>({
      data: await incomeAccounts(db, instituteId),
      parents: await incomeParents(db, instituteId),
    })
  })
