import * as v from 'valibot'

export const HealthSchema = v.object({
  status: v.picklist(['ok', 'unavailable']),
  database: v.picklist(['ok', 'unavailable']),
  databaseKind: v.picklist(['pglite', 'postgres']),
})
export type Health = v.InferOutput<typeof HealthSchema>

/** GET /api/ready: whether this API process should get traffic. */
export const ReadinessSchema = v.object({
  status: v.picklist(['ready', 'not_ready']),
  database: v.picklist(['ok', 'unavailable']),
  migrations: v.picklist(['current', 'behind', 'unknown']),
  /** The process is shutting down: it finishes what it has and takes nothing new. */
  stopping: v.boolean(),
})
export type Readiness = v.InferOutput<typeof ReadinessSchema>

export const VersionSchema = v.object({
  name: v.string(),
  version: v.string(),
})
export type Version = v.InferOutput<typeof VersionSchema>

/** A crash report the client sends from its error boundary. */
export const ClientErrorReportSchema = v.object({
  message: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(2000)),
  url: v.pipe(v.string(), v.maxLength(2000)),
  stack: v.optional(v.pipe(v.string(), v.maxLength(8000))),
  release: v.optional(v.pipe(v.string(), v.maxLength(50))),
})
export type ClientErrorReport = v.InferOutput<typeof ClientErrorReportSchema>
