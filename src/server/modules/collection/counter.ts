import { Hono } from 'hono'
import type { CounterSearchResult } from '../../../shared/schemas/applicant-fees.ts'
import {
  CounterSearchQuerySchema,
  type Family,
} from '../../../shared/schemas/collection-payments.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAnyPermission, requireAuth, requirePermission } from '../../lib/auth.ts'
import { readQuery } from '../../lib/validate.ts'
import { fineAsOf } from '../fees/rules/fine-read.ts'
import { searchApplicants } from './applicant-fee-read.ts'
import { assertStudentInScope, familyAtCounter, searchCounter } from './family-read.ts'
import { campusScope } from '../../lib/campus-scope.ts'
import { documented } from '../../lib/openapi/documented.ts'
import { CounterSearchResultSchema } from '../../../shared/schemas/applicant-fees.ts'
import { FamilySchema } from '../../../shared/schemas/collection-payments.ts'

/**
 * The counter's reads (permission payment-collection): finding a student (or an applicant whose
 * fee is due) as one types, and the
 * family with every member's open lines and the fine as of a day (`?asOf=`, else today).
 */
export const counterRoutes = new Hono<AppEnv>()
  .get(
    '/search',
    documented({ answers: CounterSearchResultSchema, query: CounterSearchQuerySchema }),
  )
  // The student ledger and the SMS preview pick their student with the counter's search;
  // applicants are the counter's.
  .get(
    '/search',
    requireAuth(),
    requireAnyPermission('read', ['payment-collection', 'student-ledger', 'sms-notification']),
    async (c) => {
      const { q } = readQuery(c, CounterSearchQuerySchema)
      const { database, auth } = c.var
      return c.json<CounterSearchResult>({
        data: await searchCounter(database.db, auth.instituteId, q, campusScope(auth)),
        applicants: auth.ability.can('read', 'payment-collection')
          ? await searchApplicants(database.db, auth.instituteId, q)
          : [],
      })
    },
  )

  .get('/families/:studentId', documented({ answers: FamilySchema }))

  .get(
    '/families/:studentId',
    requireAuth(),
    requirePermission('read', 'payment-collection'),
    async (c) => {
      const { db } = c.var.database
      const instituteId = c.var.auth.instituteId
      const studentId = c.req.param('studentId')
      await assertStudentInScope(db, instituteId, studentId, campusScope(c.var.auth))
      const asOf = await fineAsOf(c, db)
      return c.json<Family>(await familyAtCounter(db, instituteId, studentId, asOf))
    },
  )
