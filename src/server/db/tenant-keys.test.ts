import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { testDatabaseUrl } from '../test-support/test-app.ts'

/**
 * Readiness for a distributed PostgreSQL (Citus) keyed by `institute_id`: a distributed table
 * must carry the key, and its primary key, unique constraints and unique indexes, and its
 * foreign keys to other distributed tables, must include it. Tables that are not distributed
 * may refer to no distributed table.
 */

/**
 * Not distributed: the institutes themselves and the slugs their public addresses resolve
 * (unique across institutes), the installation's settings and throttles, the audit log and the
 * outbox (which hold the installation's own events too, with no institute), and the people and
 * their access. A username or email is unique across all institutes (a user
 * signs in without naming one), which only a table kept whole on one node can enforce. Users
 * and roles change seldom and suit reference tables (a copy on every node); sessions, OTP
 * challenges and throttle counts are written at every sign-in, refresh or limited request, so
 * they would rather stay local to the coordinator. Either way none may refer to a tenant table.
 */
const referenceTables = [
  'app_settings',
  'audit_log',
  'institute_slugs',
  'institutes',
  'otp_challenges',
  'outbox',
  'role_rules',
  'roles',
  'sessions',
  'throttle_counters',
  'user_roles',
  'users',
]

interface Key {
  table: string
  name: string
  kind: 'primary key' | 'unique' | 'foreign key' | 'unique index'
  columns: string[]
  references: string | null
}

async function rows<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows
}

describe('keys for distributing by institute (Citus)', () => {
  let database: Database
  let tables: { name: string; keyed: boolean }[]
  let keys: Key[]

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: await testDatabaseUrl() })
    await database.migrate()
    tables = await rows(
      database,
      `select c.relname as name,
              exists (select 1 from pg_attribute a
                       where a.attrelid = c.oid and a.attname = 'institute_id' and not a.attisdropped) as keyed
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by 1`,
    )
    const columns = (rel: string, nums: string) =>
      `(select array_agg(a.attname::text order by a.attnum) from pg_attribute a
         where a.attrelid = ${rel} and a.attnum = any(${nums}))`
    keys = await rows(
      database,
      `select cl.relname as table, con.conname as name,
              case con.contype when 'p' then 'primary key' when 'u' then 'unique' else 'foreign key' end as kind,
              ${columns('con.conrelid', 'con.conkey')} as columns, ref.relname as references
         from pg_constraint con
         join pg_class cl on cl.oid = con.conrelid
         join pg_namespace n on n.oid = cl.relnamespace
         left join pg_class ref on ref.oid = con.confrelid
        where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
       union all
       select cl.relname, ic.relname, 'unique index', ${columns('i.indrelid', 'i.indkey::int2[]')}, null
         from pg_index i
         join pg_class ic on ic.oid = i.indexrelid
         join pg_class cl on cl.oid = i.indrelid
         join pg_namespace n on n.oid = cl.relnamespace
        where n.nspname = 'public' and i.indisunique
          and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)
        order by 1, 2`,
    )
  })
  afterAll(() => database.close())

  const isTenant = (table: string) => !referenceTables.includes(table)

  it('every table is a reference table or carries institute_id', () => {
    const unkeyed = tables.filter((t) => isTenant(t.name) && !t.keyed).map((t) => t.name)
    expect(unkeyed).toEqual([])
    for (const table of referenceTables) expect(tables.map((t) => t.name)).toContain(table)
  })

  it('no table that is not distributed refers to a distributed one', () => {
    const outward = keys
      .filter((k) => k.kind === 'foreign key' && !isTenant(k.table) && isTenant(k.references!))
      .map((k) => `${k.table}.${k.name}`)
    expect(outward).toEqual([])
  })

  it('every key of a tenant table, and every foreign key between them, includes institute_id', () => {
    const lacking = keys
      .filter(
        (k) =>
          isTenant(k.table) &&
          (k.kind !== 'foreign key' || isTenant(k.references!)) &&
          !(k.columns ?? []).includes('institute_id'),
      )
      .map((k) => `${k.table}.${k.name}`)
    expect(lacking).toEqual([])
  })
})
