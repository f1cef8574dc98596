import { Hono } from 'hono'
import { LoginRequestSchema, type LoginResponse } from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import { writeAudit } from '../../lib/audit.ts'
import { ApiException } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/password.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import { readJson } from '../../lib/validate.ts'
import { startSession } from './sessions.ts'
import { buildUserData, findUserByLogin } from './users.ts'

/** POST auth/login: username or email, password, remember_me → tokens and userData. */
export const loginRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const body = await readJson(c, LoginRequestSchema)
  const { database, config, services } = c.var
  const db = database.db
  const ipKey = `login:ip:${clientIp(c)}`
  const user = await findUserByLogin(db, body.username)
  // Per account: by what was typed and, when it names a user, by that user (username or email).
  const accountKeys = [`login:name:${body.username.toLowerCase()}`]
  if (user) accountKeys.push(`login:user:${user.id}`)
  services.throttle.check({ [ipKey]: 20, ...Object.fromEntries(accountKeys.map((k) => [k, 5])) })
  // Counted before the slow check, so a burst of parallel guesses cannot all slip through.
  services.throttle.fail(...accountKeys)

  const passwordOk = user ? await verifyPassword(body.password, user.passwordHash) : false
  if (!user || !passwordOk) {
    services.throttle.fail(ipKey)
    await writeAudit(db, {
      area: 'auth',
      instituteId: user?.instituteId ?? null,
      userId: user?.id ?? null,
      action: 'login_failed',
      entity: 'user',
      entityId: user?.id ?? null,
      after: { login: body.username },
      ...requestInfo(c),
    })
    throw new ApiException(401, 'Email or Password is Invalid', { code: 'invalid_credentials' })
  }
  if (user.status !== 'active') {
    throw new ApiException(403, 'This account has been deactivated.', { code: 'account_inactive' })
  }
  services.throttle.reset(...accountKeys)

  const response = await db.transaction(async (tx) => {
    const tokens = await startSession(tx, services.tokens, config, {
      userId: user.id,
      instituteId: user.instituteId,
      rememberMe: body.remember_me,
      ...requestInfo(c),
    })
    await writeAudit(tx, {
      area: 'auth',
      instituteId: user.instituteId,
      userId: user.id,
      action: 'login',
      entity: 'user',
      entityId: user.id,
      ...requestInfo(c),
    })
    return tokens
  })
  return c.json<LoginResponse>({ ...response, userData: await buildUserData(db, user) })
})
