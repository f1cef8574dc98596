import * as v from 'valibot'

/** The values a refusal's message names: `{ max: 120 }`, dates as YYYY-MM-DD. */
export const ErrorValuesSchema = v.record(v.string(), v.union([v.string(), v.number()]))
export type ErrorValues = v.InferOutput<typeof ErrorValuesSchema>

/** One refusal: a code of `src/shared/errors/catalogue.ts` and the values its message names. */
export const ErrorDetailSchema = v.object({
  code: v.string(),
  values: v.optional(ErrorValuesSchema),
})
export type ErrorDetail = v.InferOutput<typeof ErrorDetailSchema>

/**
 * Every error the API answers with (DESIGN §5). `code` and `values` say what was refused, and a
 * 422's `fields` say it per field ('lines.0.amount'); clients render those in their user's
 * language. `message` and `errors` are the same in English, for other clients and the logs.
 */
export const ApiErrorSchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  values: v.optional(ErrorValuesSchema),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  fields: v.optional(v.record(v.string(), v.array(ErrorDetailSchema))),
})
export type ApiError = v.InferOutput<typeof ApiErrorSchema>
