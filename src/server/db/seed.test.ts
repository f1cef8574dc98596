import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setPasswordHashCost, verifyPassword } from '../lib/password.ts'
import { openDatabase, type Database } from './client.ts'
import { academicSessions, classes, groupClasses, sections, shifts } from './schema/academic.ts'
import { users } from './schema/auth.ts'
import { institutes } from './schema/institutes.ts'
import { todayIn } from '../modules/admission/form-read.ts'
import { demoInstitute, seedDemo } from './seed.ts'

describe('the demo seed', () => {
  let database: Database
  // A cheap hash cost, as in every other suite: password.test.ts checks the production one.
  beforeAll(() => setPasswordHashCost(10))
  afterEach(() => database.close())

  it('creates the demo institute and an admin who can recover the account', async () => {
    database = await openDatabase({ dataDir: 'memory://' })
    await database.migrate()
    const seed = await seedDemo(database.db)
    if (!seed.created) throw new Error('expected a first seed')
    expect(seed.generated).toBe(true)
    expect(seed.password).toHaveLength(16)

    const [institute] = await database.db.select().from(institutes)
    expect(institute?.slug).toBe(seed.instituteSlug)
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'))
    expect(admin).toMatchObject({ username: 'admin', instituteId: institute?.id, status: 'active' })
    expect(admin?.email).toMatch(/@/)
    expect(admin?.phone).toMatch(/^\+\d{10,}$/)
    expect(admin?.passwordHash).not.toContain(seed.password)
    expect(await verifyPassword(seed.password, admin?.passwordHash ?? '')).toBe(true)
    const [client] = await database.db.select().from(users).where(eq(users.username, 'client'))
    expect(client?.instituteId).toBe(institute?.id)

    // Calendar-year sessions around today, this year's current; A and B in every class.
    const year = Number(todayIn(demoInstitute.timezone).slice(0, 4))
    const sessions = await database.db.select().from(academicSessions)
    expect(sessions.map((s) => s.name).sort()).toEqual(
      [year - 1, year, year + 1].map(String).sort(),
    )
    expect(sessions.filter((s) => s.isCurrent).map((s) => s.name)).toEqual([String(year)])
    expect(await database.db.$count(classes)).toBe(12)
    expect(await database.db.$count(sections)).toBe(2 * 12 * 2)
    expect(await database.db.$count(groupClasses)).toBe(3 * 2)
    expect(await database.db.$count(shifts)).toBe(2)
  })

  it('uses ADMIN_PASSWORD when given and does nothing on later starts', async () => {
    database = await openDatabase({ dataDir: 'memory://' })
    await database.migrate()
    const first = await seedDemo(database.db, 'chosen-password-1')
    expect(first).toMatchObject({ created: true, generated: false })
    expect(await seedDemo(database.db, 'another-password')).toEqual({ created: false })
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'))
    expect(await verifyPassword('chosen-password-1', admin?.passwordHash ?? '')).toBe(true)
    expect(await database.db.$count(users)).toBe(2)
  })
})
