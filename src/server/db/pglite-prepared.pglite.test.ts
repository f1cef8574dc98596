import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PreparingPGlite } from './pglite-prepared.ts'

let pg: PreparingPGlite

beforeAll(async () => {
  pg = new PreparingPGlite()
  await pg.exec(`create table things (id int primary key, name text not null,
    amount bigint, tags text[], at timestamptz, data jsonb)`)
})
afterAll(() => pg.close())

const prepared = async () =>
  Number(
    (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements'))
      .rows[0]!.n,
  )

describe('PGlite with statements kept prepared', () => {
  it('answers each run of a kept statement with its own values, written and parsed by type', async () => {
    const insert =
      'insert into things (id, name, amount, tags, at, data) values ($1, $2, $3, $4, $5, $6)'
    await pg.query(insert, [1, 'one', 10, ['a', 'b "c"'], new Date('2026-01-02T03:04:05Z'), [1, 2]])
    const second = await pg.query(insert, [2, 'two', null, [], null, { k: 'v' }])
    expect(second.affectedRows).toBe(1)
    const read = 'select id, name, amount, tags, at, data from things where id = $1'
    const one = await pg.query(read, [1])
    expect(one.rows).toEqual([
      {
        id: 1,
        name: 'one',
        amount: 10,
        tags: ['a', 'b "c"'],
        at: new Date('2026-01-02T03:04:05Z'),
        data: [1, 2],
      },
    ])
    expect((await pg.query(read, [2])).rows).toEqual([
      { id: 2, name: 'two', amount: null, tags: [], at: null, data: { k: 'v' } },
    ])
    // The caller's parsers come first (drizzle keeps timestamps as text), rows as arrays.
    const asText = await pg.query(read, [1], { rowMode: 'array', parsers: { 1184: (v) => v } })
    expect(asText.rows[0]).toEqual([1, 'one', 10, ['a', 'b "c"'], '2026-01-02 03:04:05+00', [1, 2]])
  })

  it('keeps a statement usable after a run of it failed, and never keeps one that did not parse', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)'
    await pg.query(insert, [10, 'ten'])
    await expect(pg.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' })
    await pg.query(insert, [11, 'eleven'])
    await expect(pg.query('select nonsense from', [])).rejects.toMatchObject({ code: '42601' })
    const before = await prepared()
    await expect(pg.query('select nonsense from', [])).rejects.toMatchObject({ code: '42601' })
    expect(await prepared()).toBe(before)
    expect((await pg.query('select count(*)::int as n from things where id >= 10')).rows).toEqual([
      { n: 2 },
    ])
  })

  it('commits a transaction, rolls back one that threw, and refuses to commit one an error aborted', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)'
    await pg.transaction(async (tx) => {
      await tx.query(insert, [20, 'kept'])
    })
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [21, 'thrown away'])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [22, 'aborted'])
        await tx.query(insert, [20, 'twice']).catch(() => {})
      }),
    ).rejects.toThrow()
    const ids = await pg.query<{ id: number }>(
      'select id from things where id between 20 and 29 order by id',
    )
    expect(ids.rows).toEqual([{ id: 20 }])
    // Statements outside a transaction still answer after all that.
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('keeps at most 500 statements prepared, closing the least recently used', async () => {
    for (let i = 0; i < 620; i++) {
      const { rows } = await pg.query<{ n: number }>(`select $1::int + ${i} as n`, [1])
      expect(rows[0]!.n).toBe(i + 1)
    }
    // Closing happens with the next statement sent.
    expect(await prepared()).toBeLessThanOrEqual(501)
    expect((await pg.query<{ n: number }>('select $1::int + 0 as n', [5])).rows[0]!.n).toBe(5)
  })

  it('keeps no long statement, such as a bulk insert, prepared', async () => {
    const before = await prepared()
    const rows = Array.from({ length: 700 }, (_, i) => `($${i * 2 + 1}, $${i * 2 + 2})`)
    const insert = `insert into things (id, name) values ${rows.join(', ')}`
    expect(insert.length).toBeGreaterThan(8_000)
    const values = (from: number) =>
      Array.from({ length: 700 }, (_, i) => [from + i, `bulk ${from + i}`]).flat()
    expect((await pg.query(insert, values(1_000))).affectedRows).toBe(700)
    expect((await pg.query(insert, values(2_000))).affectedRows).toBe(700)
    expect(await prepared()).toBe(before)
    const count = 'select count(*)::int as n from things where name like $1'
    expect((await pg.query(count, ['bulk %'])).rows).toEqual([{ n: 1_400 }])
  })

  it('reads a changed table afresh once its statements are forgotten (after a migration)', async () => {
    await pg.exec('create table shapes (id int primary key)')
    await pg.query('insert into shapes values (1)')
    const all = 'select * from shapes'
    expect((await pg.query(all)).rows).toEqual([{ id: 1 }])
    await pg.exec('alter table shapes add column colour text')
    await expect(pg.query(all)).rejects.toThrow(/cached plan must not change result type/)
    await pg.forgetStatements()
    expect((await pg.query(all)).rows).toEqual([{ id: 1, colour: null }])
  })
})
