import * as v from 'valibot'
import { passwordConfirmed, requiredText as required } from './primitives.ts'
import { TokenPairSchema, UserDataSchema } from './auth-session.ts'

/** Password rules shared by every form that sets one; the server also refuses common ones. */
export const passwordMinLength = 8
export const passwordMaxLength = 128
export const NewPasswordSchema = v.pipe(
  v.string(),
  v.minLength(passwordMinLength, 'password_too_short'),
  v.maxLength(passwordMaxLength, 'password_over_max'),
)

/** POST auth/login: a username or an email address, a password, and remember-me. */
export const LoginRequestSchema = v.object({
  username: required('login_required'),
  password: v.pipe(
    v.string(),
    v.nonEmpty('password_required'),
    v.maxLength(passwordMaxLength, 'password_too_long'),
  ),
  remember_me: v.optional(v.boolean(), false),
})
export type LoginRequest = v.InferInput<typeof LoginRequestSchema>

export const LoginResponseSchema = v.object({
  ...TokenPairSchema.entries,
  userData: UserDataSchema,
})
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>

export const RefreshLoginRequestSchema = v.object({
  remember_me: v.optional(v.boolean(), false),
})

export const StatusSchema = v.object({ status: v.boolean(), message: v.optional(v.string()) })

// Recovery (§7): field names exactly as the original API's.
export const SendUsernameRequestSchema = v.object({
  email_or_phone: required('email_or_phone_required'),
})
export const SendUsernameResponseSchema = v.object({
  status: v.literal(true),
  data: v.union([v.object({ email: v.string() }), v.object({ phone: v.string() })]),
})

export const UserNameRequestSchema = v.object({
  user_name: required('username_required'),
})

/**
 * The masked email and phone to choose from. `user_name` and `user_username` are the name as it
 * was typed (§7's shape): the account's full name and username are not given away.
 */
export const EmailAndPhoneResponseSchema = v.object({
  status: v.literal(true),
  data: v.object({
    email: v.nullable(v.string()),
    phone: v.nullable(v.string()),
    user_name: v.string(),
    user_username: v.string(),
  }),
})

export const NotifyTypeSchema = v.picklist(['email', 'phone'])
export type NotifyType = v.InferOutput<typeof NotifyTypeSchema>

export const OtpSendRequestSchema = v.object({
  user_name: required('username_required'),
  notify_type: NotifyTypeSchema,
})
export const OtpSendResponseSchema = v.object({
  status: v.literal(true),
  data: v.object({ user_name: v.string(), notify_type: NotifyTypeSchema }),
})

export const VerifyOtpRequestSchema = v.object({
  user_name: required('username_required'),
  otp: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'otp_shape')),
})

/** What a correct code earns: the token that alone may set the new password. */
export const VerifyOtpResponseSchema = v.object({
  status: v.literal(true),
  message: v.string(),
  reset_token: v.string(),
})

export const PasswordResetRequestSchema = v.pipe(
  v.object({
    user_name: required('username_required'),
    /** From verify-otp: binds the reset to whoever entered the code (added to §7's payload). */
    reset_token: v.pipe(v.string(), v.nonEmpty('otp_not_verified')),
    password: NewPasswordSchema,
    password_confirmation: v.string(),
  }),
  passwordConfirmed(),
)

export const NewUserPasswordRequestSchema = v.pipe(
  v.object({ password: NewPasswordSchema, password_confirmation: v.string() }),
  passwordConfirmed(),
)

export const PasswordUpdateRequestSchema = v.pipe(
  v.object({
    current_password: v.pipe(v.string(), v.nonEmpty('current_password_required')),
    password: NewPasswordSchema,
    password_confirmation: v.string(),
  }),
  passwordConfirmed(),
)

export const ImpersonateRequestSchema = v.object({ user_id: v.pipe(v.string(), v.uuid()) })
export const ImpersonateResponseSchema = v.object({
  status: v.literal(true),
  access_token: v.string(),
})

export const RegisterRequestSchema = v.object({
  institute_name: required('institute_name_required'),
  full_name: required('name_required'),
  username: required('username_required'),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('email_required'), v.email()),
  password: NewPasswordSchema,
})
export type RegisterRequest = v.InferInput<typeof RegisterRequestSchema>

export const SignupStatusSchema = v.object({ enabled: v.boolean() })

export const SessionInfoSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.string(),
  userAgent: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  current: v.boolean(),
})
export const SessionListSchema = v.object({ data: v.array(SessionInfoSchema) })
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>
