/** Test-only helpers: tests and benchmarks import src/server/test-support/, production code never does. */
import { randomUUID } from 'node:crypto'
import { createApp } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import type { FileStorage } from '../lib/storage.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { LoginResponse } from '../../shared/schemas/auth.ts'
import { roles, userRoles } from '../db/schema/access.ts'
import { users } from '../db/schema/auth.ts'
import { institutes } from '../db/schema/institutes.ts'
import { setUpInstitute } from '../modules/institutes/set-up.ts'
import { createLogger } from '../lib/logger.ts'
import { consoleTransport } from '../lib/outbox.ts'
import { hashPassword } from '../lib/password.ts'
import { databaseUrl, onServer, templateDatabase, testDatabasePrefix } from './postgres-server.ts'
import {
  adminPassword,
  fromSeededSnapshot,
  migrateAndSeed,
  testHashCost,
} from './seeded-snapshot.ts'

export { adminPassword }

/**
 * On the `postgres` project's server (postgres-global-setup.ts), a database of this test
 * file's own, copied from the migrated and seeded template (or `empty`); otherwise none (an
 * in-memory PGlite). The global teardown drops it.
 */
export async function testDatabaseUrl({ empty = false } = {}): Promise<string | undefined> {
  const server = process.env.TEST_POSTGRES_URL
  if (!server) return undefined
  const name = `${testDatabasePrefix}${randomUUID().replaceAll('-', '')}`
  await onServer(server, `create database ${name}${empty ? '' : ` template ${templateDatabase}`}`)
  return databaseUrl(server, name)
}

/**
 * A fresh database (in memory, or on the test run's PostgreSQL server), migrated and seeded
 * with the demo institute, and an app on it: one per test file. A database of the test run's
 * own comes seeded (a copy of the run's template or dump); one the caller names is migrated and
 * seeded here. Messages go to `sent` in the console transport's format.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Where files go; the configured store (in memory) unless given. */
  files?: FileStorage,
) {
  const own = !('databaseUrl' in overrides) && !('dataDir' in overrides)
  const config: Config = {
    ...loadConfig(
      { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: String(testHashCost) },
      '0.0.0-test',
    ),
    staticDir: undefined,
    ...overrides,
    databaseUrl: own ? await testDatabaseUrl() : overrides.databaseUrl,
  }
  const logLines: string[] = []
  const log = createLogger('info', (line) => logLines.push(line))
  // The run's own database comes seeded: a copy of its PostgreSQL template or its PGlite dump.
  const copy = own && !config.databaseUrl ? await fromSeededSnapshot() : undefined
  const seeded = copy !== undefined || (own && config.databaseUrl !== undefined)
  const database = copy ?? (await openDatabase({ ...config, log }))
  if (!seeded) await migrateAndSeed(database)
  const sent: string[] = []
  const transport = consoleTransport((line) => sent.push(line))
  // The sandbox gateway's notifications, delivered to this app as the gateway would post them.
  const notified: URLSearchParams[] = []
  const app = createApp({
    db: database,
    config,
    log,
    transports: { email: transport, sms: transport },
    ...(files && { files }),
    sandboxDelivery: async (url, form) => {
      notified.push(form)
      const res = await app.request(new URL(url).pathname, { method: 'POST', body: form })
      if (!res.ok) throw new Error(`${url} answered ${res.status}`)
    },
  })

  /** The last message sent to a recipient, once the outbox has delivered it. */
  async function lastMessageTo(recipient: string): Promise<string | undefined> {
    await app.services.outbox.flush()
    return sent.findLast((line) => line.includes(` to ${recipient}: `))
  }

  return { app, database, config, logLines, sent, lastMessageTo, notified }
}

export const jsonRequest = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Another institute with the default roles and chart, as registration would create it. */
export async function addInstitute(t: { database: Database }, slug: string) {
  const [institute] = await t.database.db
    .insert(institutes)
    .values({ slug, name: `Institute ${slug}` })
    .returning()
  await setUpInstitute(t.database.db, institute!.id)
  return institute!
}

/**
 * Adds a user straight into the database: to the demo institute, a given one, or a new one
 * of their own; with the named roles of that institute.
 */
export async function addUser(
  t: { database: Database },
  opts: {
    username: string
    password: string
    mustChangePassword?: boolean
    otherInstitute?: boolean
    instituteId?: string
    roles?: string[]
    isPlatformAdmin?: boolean
  },
) {
  const db = t.database.db
  const instituteId =
    opts.instituteId ??
    (opts.otherInstitute
      ? (await addInstitute(t, `other-${opts.username}`)).id
      : (await db.select().from(institutes).orderBy(asc(institutes.createdAt)).limit(1))[0]!.id)
  const [user] = await db
    .insert(users)
    .values({
      instituteId,
      username: opts.username,
      email: `${opts.username}@example.com`,
      fullName: `User ${opts.username}`,
      passwordHash: await hashPassword(opts.password),
      mustChangePassword: opts.mustChangePassword ?? false,
      isPlatformAdmin: opts.isPlatformAdmin ?? false,
    })
    .returning()
  if (opts.roles?.length) {
    const found = await db
      .select()
      .from(roles)
      .where(and(eq(roles.instituteId, instituteId), inArray(roles.name, opts.roles)))
    await db.insert(userRoles).values(found.map((r) => ({ userId: user!.id, roleId: r.id })))
  }
  return user!
}

/** Signs in through the API and answers the access token. */
export async function signIn(t: { app: TestApp['app'] }, username: string, password: string) {
  const res = await t.app.request('/api/auth/login', jsonRequest({ username, password }))
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status}`)
  return ((await res.json()) as LoginResponse).access_token
}

/** A request as a signed-in user: JSON body when one is given. */
export function asUser(
  t: { app: TestApp['app'] },
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
}
