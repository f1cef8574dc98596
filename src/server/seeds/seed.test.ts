import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setPasswordHashCost, verifyPassword } from '../lib/password.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { sql } from 'drizzle-orm'
import { academicSessions, classes, groupClasses, sections, shifts } from '../db/schema/academic.ts'
import { users } from '../db/schema/auth.ts'
import { campuses, institutes } from '../db/schema/institutes.ts'
import { todayIn } from '../lib/today.ts'
import { demoInstitute, seedDemo } from './seed.ts'

describe('the demo seed', () => {
  let database: Database
  // A cheap hash cost, as in every other suite: password.test.ts checks the production one.
  beforeAll(() => setPasswordHashCost(10))
  afterEach(() => database.close())

  it('creates the demo institute, an admin who can recover the account, and its school', async () => {
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
    expect(await database.db.$count(campuses)).toBe(2)

    // A school of about 600 students with families, leavers and graduates.
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
    // Every class of the current session has students in sections A and B.
    const current = await rows<{ class: string; section: string; n: number }>(sql`
      select c.name as class, sc.name as section, count(*)::int as n from enrolments e
        join academic_sessions se on se.id = e.academic_session_id and se.is_current
        join classes c on c.id = e.class_id join sections sc on sc.id = e.section_id
       group by c.name, sc.name`)
    expect(current).toHaveLength(24)
    expect(current.every((r) => r.n >= 10 && r.n <= 40)).toBe(true)
    expect(current.reduce((n, r) => n + r.n, 0)).toBe(600)
    const [counts] = await rows<Record<string, number>>(sql`select
        count(*) filter (where status = 'active')::int as active,
        count(*) filter (where status = 'left')::int as "left",
        count(*) filter (where status = 'graduated')::int as graduated,
        count(distinct campus_id)::int as campuses,
        count(distinct family_key)::int as families,
        (select count(*)::int from enrolments e join academic_sessions se
           on se.id = e.academic_session_id where se.name = ${String(year - 1)}) as "lastYear"
      from students`)
    expect(counts!.active).toBeGreaterThan(570)
    expect(counts!.left).toBeGreaterThan(0)
    expect(counts!.graduated).toBeGreaterThan(5)
    expect(counts!.campuses).toBe(2)
    expect(counts!.lastYear).toBeGreaterThan(300)
    // Siblings share a guardian's phone, however it was written: families of two and three.
    const sizes = await rows<{ size: number; n: number }>(sql`
      select size, count(*)::int as n from (select count(*)::int as size from students group by family_key) f
       group by size order by size`)
    expect(sizes.map((s) => s.size)).toEqual([1, 2, 3])
    // Rolls unique per section (the database holds it), IDs of the admission year.
    const [codes] = await rows<{ bad: number; now: number }>(sql`select
        count(*) filter (where student_code !~ '^20[0-9]{6}$')::int as bad,
        count(*) filter (where student_code like ${`${year}%`})::int as now from students`)
    expect(codes).toMatchObject({ bad: 0 })
    expect(codes!.now).toBeGreaterThan(20)
    // A whole school, seeded on a shared, busy machine: more than the default 30 s may pass.
  }, 120_000)

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
