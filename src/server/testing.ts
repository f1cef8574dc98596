import { createApp } from './app.ts'
import { loadConfig, type Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { institutes, users } from './db/schema.ts'
import { seedDemo } from './db/seed.ts'
import { createLogger } from './lib/logger.ts'
import { consoleTransport } from './lib/outbox.ts'
import { hashPassword } from './lib/password.ts'

export const adminPassword = 'demo-admin-password-1'

/**
 * A fresh in-memory database, migrated and seeded with the demo institute, and an app on it:
 * one per test file. Messages go to `sent` in the console transport's format.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }, '0.0.0-test'),
    staticDir: undefined,
    ...overrides,
  }
  const database = await openDatabase(config)
  await database.migrate()
  await seedDemo(database.db, adminPassword)
  const logLines: string[] = []
  const sent: string[] = []
  const transport = consoleTransport((line) => sent.push(line))
  const app = createApp({
    db: database,
    config,
    log: createLogger('info', (line) => logLines.push(line)),
    transports: { email: transport, sms: transport },
  })

  /** The last message sent to a recipient, once the outbox has delivered it. */
  async function lastMessageTo(recipient: string): Promise<string | undefined> {
    await app.services.outbox.flush()
    return sent.findLast((line) => line.includes(` to ${recipient}: `))
  }

  return { app, database, config, logLines, sent, lastMessageTo }
}

export const jsonRequest = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })

/** Adds a user (and, when asked, a second institute) straight into the database. */
export async function addUser(
  t: { database: Database },
  opts: {
    username: string
    password: string
    mustChangePassword?: boolean
    otherInstitute?: boolean
  },
) {
  const db = t.database.db
  const [institute] = opts.otherInstitute
    ? await db
        .insert(institutes)
        .values({ slug: `other-${opts.username}`, name: 'Other School' })
        .returning()
    : await db.select().from(institutes).limit(1)
  const [user] = await db
    .insert(users)
    .values({
      instituteId: institute!.id,
      username: opts.username,
      email: `${opts.username}@example.com`,
      fullName: `User ${opts.username}`,
      passwordHash: await hashPassword(opts.password),
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning()
  return user!
}
