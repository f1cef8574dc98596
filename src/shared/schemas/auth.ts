import * as v from 'valibot'

/** POST auth/login: a username or an email address, a password, and remember-me. */
export const LoginRequestSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('Please enter your username or email.')),
  password: v.pipe(
    v.string(),
    v.nonEmpty('Please enter your password.'),
    v.maxLength(128, 'The password is too long.'),
  ),
  remember_me: v.optional(v.boolean(), false),
})
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>
