import * as v from 'valibot'
import { listQuerySchema } from './list.ts'

/* /institutes' list query, apart from the institutes' shapes: the route validates it on every first load. */

const instituteStatuses = ['active', 'suspended'] as const
export const InstituteStatusSchema = v.picklist(instituteStatuses)

export const InstituteListQuerySchema = v.object({
  ...listQuerySchema(['name', 'slug', 'status', 'users', 'createdAt']).entries,
  status: v.optional(InstituteStatusSchema),
})
export type InstituteListQuery = v.InferInput<typeof InstituteListQuerySchema>
export type InstituteListSearch = v.InferOutput<typeof InstituteListQuerySchema>
