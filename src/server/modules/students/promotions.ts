import { Hono } from 'hono'
import {
  PromotionRequestSchema,
  type PromotionPreview,
} from '../../../shared/schemas/student-promotion.ts'
import type { AppEnv } from '../../app-env.ts'
import { requireAuth, requirePermission } from '../../lib/auth.ts'
import { idempotencyKey } from '../../lib/idempotency.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { readJson } from '../../lib/validate.ts'
import { promotionJobKindName } from './promotion-job.ts'
import { addCounts, loadScope, planClass, RollBook, zeroCounts } from './promotion-plan.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  PromotionPreviewSchema,
  PromotionStartedSchema,
} from '../../../shared/schemas/student-promotion.ts'

/**
 * Promotion from one session to the next (`/api/students/promotions`): a preview of what it
 * would do, class by class and student by student, and the run, as a background job.
 */
export const promotionRoutes = new Hono<AppEnv>()
  .post('/preview', documented({ answers: PromotionPreviewSchema, body: PromotionRequestSchema }))
  .post('/preview', requireAuth(), requirePermission('update', 'students'), async (c) => {
    const request = await readJson(c, PromotionRequestSchema)
    const { database, auth } = c.var
    const preview = await database.db.transaction(async (tx) => {
      const scope = await loadScope(tx, auth.instituteId, request)
      const book = new RollBook(tx, scope)
      const planned: PromotionPreview['classes'] = []
      const totals = zeroCounts()
      // In the order the run takes them: each class finds the rolls of those before it taken.
      for (const mapping of request.classMappings) {
        const plan = await planClass(tx, scope, mapping, book)
        if (!plan.errors.length) {
          book.claim(plan)
          addCounts(totals, plan.counts)
        }
        planned.push({
          ...plan,
          students: plan.students.map(
            ({ enrolmentId: _e, moving: _m, groupId: _g, shiftId: _s, ...shown }) => shown,
          ),
        })
      }
      return {
        fromSessionName: scope.from.name,
        toSessionName: scope.to.name,
        statusOn: scope.from.endsOn,
        classes: planned,
        totals,
      }
    })
    return c.json<PromotionPreview>(preview)
  })
  .post(
    '/',
    documented({
      answers: PromotionStartedSchema,
      body: PromotionRequestSchema,
      idempotencyKey: 'required',
      status: [202, 200],
    }),
  )
  .post('/', requireAuth(), requirePermission('update', 'students'), async (c) => {
    const key = idempotencyKey(c, { required: true })
    const request = await readJson(c, PromotionRequestSchema)
    const { database, auth, services } = c.var
    const { job, created } = await database.db.transaction(async (tx) => {
      // Refused here, before any job exists, when it names what is not the institute's.
      await loadScope(tx, auth.instituteId, request)
      const { ip, userAgent } = requestInfo(c)
      return services.jobs.enqueue(tx, {
        instituteId: auth.instituteId,
        kind: promotionJobKindName,
        key,
        params: { request, by: { impersonatorId: auth.impersonatorId ?? null, ip, userAgent } },
        createdBy: auth.user.id,
      })
    })
    return c.json({ jobId: job.id }, created ? 202 : 200)
  })
