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

const windowLimits = (login: string, ip: string) => ({
  [`login:acct:${login.toLowerCase()}`]: 5,
  [`login:ip:${ip}`]: 20,
})

/** POST auth/login: username or email, password, remember_me → tokens and userData. */
export const loginRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const body = await readJson(c, LoginRequestSchema)
  const { database, config, services } = c.var
  const db = database.db
  const ip = clientIp(c)
  const limits = windowLimits(body.username, ip)
  services.throttle.check(limits)

  const user = await findUserByLogin(db, body.username)
  const passwordOk = user ? await verifyPassword(body.password, user.passwordHash) : false
  if (!user || !passwordOk) {
    services.throttle.fail(...Object.keys(limits))
    await writeAudit(db, {
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
  services.throttle.reset(Object.keys(limits)[0]!)

  const response = await db.transaction(async (tx) => {
    const tokens = await startSession(tx, services.tokens, config, {
      userId: user.id,
      instituteId: user.instituteId,
      rememberMe: body.remember_me,
      ...requestInfo(c),
    })
    await writeAudit(tx, {
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
