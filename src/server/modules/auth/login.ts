import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type * as v from 'valibot'
import {
  LoginRequestSchema,
  LoginResponseSchema,
  type LoginResponse,
} from '../../../shared/schemas/auth.ts'
import type { AppEnv } from '../../app-env.ts'
import { writeAudit } from '../../lib/audit.ts'
import { refuse } from '../../lib/errors.ts'
import { verifyAgainstNobody, verifyPassword } from '../../lib/password.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import { buildUserData } from '../../lib/user-data.ts'
import { readJson } from '../../lib/validate.ts'
import { startSession } from './session-store.ts'
import type { Attempt } from './sign-in-throttle.ts'
import type { DeviceClaims } from './token-service.ts'
import { isSuspended } from './institute-status.ts'
import { findUserByLogin } from './user-read.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * The device token: proof that this browser signed in to an account before, so that guesses
 * made elsewhere never slow its owner down (OWASP's "device cookie"). Sent to sign-in only.
 */
const deviceCookie = 'device'
const devicePath = '/api/auth/login'

async function knownDevice(c: Context<AppEnv>): Promise<DeviceClaims | undefined> {
  const token = getCookie(c, deviceCookie)
  return token ? c.var.services.tokens.verifyDevice(token) : undefined
}

async function rememberDevice(c: Context<AppEnv>, device: DeviceClaims | undefined, id: string) {
  const users = [id, ...(device?.users.filter((u) => u !== id) ?? [])].slice(0, 10)
  const token = await c.var.services.tokens.signDevice({ dev: device?.dev ?? randomUUID(), users })
  setCookie(c, deviceCookie, token, {
    path: devicePath,
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 365 * 24 * 3600,
  })
}

/** POST auth/login: username or email, password, remember_me → tokens and userData. */
export const loginRoutes = new Hono<AppEnv>()
  .post('/', documented({ answers: LoginResponseSchema, body: LoginRequestSchema }))
  .post('/', async (c) => {
    const body = await readJson(c, LoginRequestSchema)
    const address = clientIp(c)
    return c.var.services.signIns.admit(address, () => signIn(c, body, address))
  })

async function signIn(
  c: Context<AppEnv>,
  body: v.InferOutput<typeof LoginRequestSchema>,
  address: string,
) {
  const { database, config, services } = c.var
  const db = database.db
  const user = await findUserByLogin(db, body.username)
  const device = await knownDevice(c)
  const attempt: Attempt = {
    account: user?.id ?? `name:${body.username.trim().toLowerCase()}`,
    accountExists: Boolean(user),
    address,
    knownDevice: user && device?.users.includes(user.id) ? device.dev : undefined,
  }
  const lane = await services.signIns.begin(attempt)

  let passwordOk: boolean
  try {
    // Waiting for a check is fair between addresses, and a flood from failing addresses waits
    // behind those the throttle trusts; an unknown name costs the same as a known one.
    const caller = { caller: address, lane }
    passwordOk = user
      ? await verifyPassword(body.password, user.passwordHash, caller)
      : await verifyAgainstNobody(body.password, caller)
  } catch (err) {
    await services.signIns.abandoned(attempt)
    throw err
  }
  if (!user || !passwordOk) {
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
    throw refuse(401, 'invalid_credentials')
  }
  await services.signIns.succeeded(attempt)
  if (user.status !== 'active') {
    throw refuse(403, 'account_inactive')
  }
  // Said only to someone who knows the password, so it tells a guesser nothing.
  if (await isSuspended(db, user.instituteId)) {
    throw refuse(403, 'institute_suspended')
  }

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
  await rememberDevice(c, device, user.id)
  return c.json<LoginResponse>({ ...response, userData: await buildUserData(db, user) })
}
