import { Hono } from 'hono'
import * as v from 'valibot'
import {
  RegisterRequestSchema,
  type LoginResponse,
  SignupStatusSchema,
  LoginResponseSchema,
} from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { writeAudit } from '../../lib/audit.ts'
import { validationFailed, type FieldRefusal } from '../../lib/errors.ts'
import { forbidden } from '../../lib/auth.ts'
import { hashPassword } from '../../lib/password.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { buildUserData, type UserRow } from '../../lib/user-data.ts'
import { issuesToDetails } from '../../../shared/schemas/issues.ts'
import { readJson } from '../../lib/validate.ts'
import { JsonObjectSchema } from '../../lib/validate.ts'
import { assertAcceptablePassword } from './password-policy.ts'
import { startSession } from './session-store.ts'
import { findUserByLogin } from './user-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
  return `${base || 'institute'}-${crypto.randomUUID().slice(0, 6)}`
}

/**
 * A new institute set up as every institute starts, with its first admin, in the caller's
 * transaction: the institutes area's, given when the app is composed (institutes builds on auth).
 */
export type CreateInstitute = (
  tx: Db,
  values: { slug: string; name: string },
  admin: { username: string; email: string; fullName: string; passwordHash: string },
) => Promise<{ institute: { id: string; name: string; slug: string }; user: UserRow }>

/**
 * /register: a new institute with its first admin, when SIGNUP_ENABLED is set (§5 messages).
 * A factory, so each app keeps its own rate-limit counters.
 */
export const registerRoutes = (createInstitute: CreateInstitute) =>
  new Hono<AppEnv>()
    .get('/', documented({ answers: SignupStatusSchema }))
    .get('/', (c) => c.json({ enabled: c.var.config.signupEnabled }))
    .post('/', documented({ answers: LoginResponseSchema, body: RegisterRequestSchema }))
    .post('/', rateLimit({ name: 'register', limit: 10, windowMs: 60 * 60_000 }), async (c) => {
      const { config, database, services } = c.var
      if (!config.signupEnabled) {
        throw forbidden('signup_disabled')
      }
      const raw: unknown = await readJson(c, JsonObjectSchema)
      const parsed = v.safeParse(RegisterRequestSchema, raw)
      const errors: Record<string, FieldRefusal> = parsed.success
        ? {}
        : issuesToDetails(parsed.issues)
      // §5's own words for a missing email or username.
      const fields = (raw ?? {}) as Record<string, unknown>
      if (!fields.email) errors.email = 'email_required'
      if (!fields.username) errors.username = 'username_required'
      if (!parsed.success || Object.keys(errors).length) throw validationFailed(errors)
      const body = parsed.output

      // Usernames and emails are sign-in names across the platform (sign-in asks for no
      // institute), so they stay unique everywhere and sign-up has to say when one is taken;
      // it does so in §5's own words and nothing more (no institute, no name), only once
      // sign-up is turned on and the request is otherwise valid, and behind this route's rate
      // limit (10 an hour per address), which bounds what can be learnt this way.
      const taken: Record<string, FieldRefusal> = {}
      if (await findUserByLogin(database.db, body.email)) taken.email = 'email_in_use'
      if (await findUserByLogin(database.db, body.username)) taken.username = 'username_in_use'
      if (Object.keys(taken).length) throw validationFailed(taken)
      await assertAcceptablePassword(body.password)

      const passwordHash = await hashPassword(body.password)
      const { user, tokens } = await database.db.transaction(async (tx) => {
        const { institute, user } = await createInstitute(
          tx,
          { slug: slugify(body.institute_name), name: body.institute_name },
          {
            username: body.username,
            email: body.email,
            fullName: body.full_name,
            passwordHash,
          },
        )
        await writeAudit(tx, {
          area: 'auth',
          instituteId: institute.id,
          userId: user.id,
          action: 'register',
          entity: 'institute',
          entityId: institute.id,
          after: { name: institute.name, slug: institute.slug, admin: user.username },
          ...requestInfo(c),
        })
        const tokens = await startSession(tx, services.tokens, config, {
          userId: user.id,
          instituteId: institute.id,
          rememberMe: false,
          ...requestInfo(c),
        })
        return { user, tokens }
      })
      return c.json<LoginResponse>(
        { ...tokens, userData: await buildUserData(database.db, user) },
        201,
      )
    })
