import * as v from 'valibot'

/** Every error the API answers with (DESIGN §5). */
export const ApiErrorSchema = v.object({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  code: v.optional(v.string()),
})
export type ApiError = v.InferOutput<typeof ApiErrorSchema>
