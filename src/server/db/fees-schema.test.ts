import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { beforeAll, describe, expect, it } from 'vitest'

/*
 * The fee tables' guarantees that the services rely on: a student × period × head invoiced at
 * most once (while not cancelled), and no row pointing at another institute's head or period.
 */
describe('fees schema', () => {
  const client = new PGlite({ extensions: { pg_trgm } })
  const one = async (query: string, params: unknown[] = []) =>
    (await client.query<{ id: string }>(query, params)).rows[0]!.id
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    await migrate(drizzle(client), {
      migrationsFolder: resolve(import.meta.dirname, '../../../drizzle'),
    })
    for (const slug of ['a', 'b']) {
      const institute = await one(
        `insert into institutes (slug, name) values ($1, $1) returning id`,
        [slug],
      )
      ids[`institute_${slug}`] = institute
      ids[`campus_${slug}`] = await one(
        `insert into campuses (institute_id, name, code) values ($1, 'Main', 'MAIN') returning id`,
        [institute],
      )
      ids[`session_${slug}`] = await one(
        `insert into academic_sessions (institute_id, name, starts_on, ends_on, position)
           values ($1, '2026', '2026-01-01', '2026-12-31', 1) returning id`,
        [institute],
      )
      const account = await one(
        `insert into accounts (institute_id, level, account_type, gl_code, name)
           values ($1, 1, 'income', '4', 'Income') returning id`,
        [institute],
      )
      ids[`head_${slug}`] = await one(
        `insert into fee_heads (institute_id, name, code, kind, income_account_id)
           values ($1, 'Tuition', 'TUI', 'recurring', $2) returning id`,
        [institute, account],
      )
      const cycle = await one(
        `insert into payment_cycles (institute_id, academic_session_id, name, frequency)
           values ($1, $2, 'Monthly', 'monthly') returning id`,
        [institute, ids[`session_${slug}`]],
      )
      ids[`period_${slug}`] = await one(
        `insert into payment_periods (institute_id, cycle_id, name, sequence, starts_on, ends_on, issue_date, due_date)
           values ($1, $2, 'January 2026', 1, '2026-01-01', '2026-01-31', '2026-01-01', '2026-01-10') returning id`,
        [institute, cycle],
      )
      ids[`student_${slug}`] = await one(
        `insert into students (institute_id, student_code, full_name, campus_id)
           values ($1, '20260001', 'Rafi', $2) returning id`,
        [institute, ids[`campus_${slug}`]],
      )
    }
  })

  let sequence = 0
  const invoice = () =>
    one(
      `insert into invoices (institute_id, number, fiscal_year, sequence, student_id, academic_session_id, period_id, campus_id, issue_date, due_date)
         values ($1, $2, 2025, $3, $4, $5, $6, $7, '2026-01-01', '2026-01-10') returning id`,
      [
        ids.institute_a,
        `INV-${++sequence}`,
        sequence,
        ids.student_a,
        ids.session_a,
        ids.period_a,
        ids.campus_a,
      ],
    )
  const line = (invoiceId: string, extra = '') =>
    client.query(
      `insert into invoice_lines (institute_id, invoice_id, line_no, student_id, fee_head_id, period_id, gross_minor, net_minor, academic_session_id, campus_id, issue_date, due_date${extra ? ', cancelled' : ''})
         values ($1, $2, 1, $3, $4, $5, 150000, 150000, $6, $7, '2026-01-01', '2026-01-10'${extra ? ', true' : ''})
         on conflict (institute_id, student_id, period_id, fee_head_id) where not cancelled and credits_line_id is null
         do nothing returning id`,
      [
        ids.institute_a,
        invoiceId,
        ids.student_a,
        ids.head_a,
        ids.period_a,
        ids.session_a,
        ids.campus_a,
      ],
    )

  it('invoices a student × period × head once; a cancelled line frees the slot', async () => {
    const first = await invoice()
    expect((await line(first)).rows).toHaveLength(1)
    // A re-run skips it (ON CONFLICT DO NOTHING on the partial index).
    expect((await line(await invoice())).rows).toHaveLength(0)
    await client.query(`update invoice_lines set cancelled = true where invoice_id = $1`, [first])
    expect((await line(await invoice())).rows).toHaveLength(1)
  })

  it('holds a line to its invoice’s student, session, campus and days', async () => {
    const other = await one(
      `insert into students (institute_id, student_code, full_name, campus_id)
         values ($1, '20260002', 'Mita', $2) returning id`,
      [ids.institute_a, ids.campus_a],
    )
    const insert = (student: string, dueDate = '2026-01-10') =>
      client.query(
        `insert into invoice_lines (institute_id, invoice_id, line_no, student_id, fee_head_id, period_id, gross_minor, net_minor, academic_session_id, campus_id, issue_date, due_date, cancelled)
           values ($1, $2, 1, $3, $4, $5, 100, 100, $6, $7, '2026-01-01', $8, true)`,
        [
          ids.institute_a,
          invoiceId,
          student,
          ids.head_a,
          ids.period_a,
          ids.session_a,
          ids.campus_a,
          dueDate,
        ],
      )
    const invoiceId = await invoice()
    await expect(insert(other)).rejects.toThrow(/invoice_lines_invoice_fk/)
    // The due report reads a line's days from the line: they are its invoice's.
    await expect(insert(ids.student_a!, '2026-02-10')).rejects.toMatchObject({
      code: '23503',
      constraint: 'invoice_lines_invoice_copy',
    })
    expect((await insert(ids.student_a!)).rowCount).toBe(1)
    // A change of the invoice's days (which the app never makes) is carried to its lines.
    await client.query(`update invoices set due_date = '2026-03-01' where id = $1`, [invoiceId])
    const lines = await client.query<{ due_date: string }>(
      `select due_date::text as due_date from invoice_lines where invoice_id = $1`,
      [invoiceId],
    )
    expect(lines.rows).toEqual([{ due_date: '2026-03-01' }])
  })

  it('keeps fee_dues as the lines owed, whatever a statement does to them', async () => {
    const student = await one(
      `insert into students (institute_id, student_code, full_name, campus_id)
         values ($1, '20260003', 'Nila', $2) returning id`,
      [ids.institute_a, ids.campus_a],
    )
    const invoiceId = await one(
      `insert into invoices (institute_id, number, fiscal_year, sequence, student_id, academic_session_id, campus_id, issue_date, due_date)
         values ($1, 'INV-NILA', 2025, 1000, $2, $3, $4, '2026-01-01', '2026-01-10') returning id`,
      [ids.institute_a, student, ids.session_a, ids.campus_a],
    )
    const insert = (lineNo: number, net: number, credits: string | null = null) =>
      one(
        `insert into invoice_lines (institute_id, invoice_id, line_no, student_id, fee_head_id, gross_minor, net_minor, academic_session_id, campus_id, issue_date, due_date, credits_line_id)
           values ($1, $2, $3, $4, $5, $6, $6, $7, $8, '2026-01-01', '2026-01-10', $9) returning id`,
        [
          ids.institute_a,
          invoiceId,
          lineNo,
          student,
          ids.head_a,
          net,
          ids.session_a,
          ids.campus_a,
          credits,
        ],
      )
    const rows = (from: string) =>
      client.query<{ due: string; lines: number; owed: number }>(
        `select due_date::text as due, lines, owed from (${from}) d where student_id = $1 order by 1`,
        [student],
      )
    const kept = async () => {
      const { rows: dues } = await rows(
        `select student_id, due_date, lines, principal_minor::int as owed from fee_dues where lines <> 0`,
      )
      const { rows: counted } = await rows(`select student_id, due_date, count(*)::int as lines,
          sum(balance_minor)::int as owed
        from invoice_lines where credits_line_id is null and balance_minor <> 0 group by 1, 2`)
      expect(dues).toEqual(counted)
      return dues
    }
    const [first, second] = [await insert(1, 1000), await insert(2, 500)]
    expect(await kept()).toEqual([{ due: '2026-01-10', lines: 2, owed: 1500 }])
    await client.query(`update invoice_lines set paid_minor = 400 where id = $1`, [first])
    expect(await kept()).toEqual([{ due: '2026-01-10', lines: 2, owed: 1100 }])
    // A credit note's line is no debt: it takes what it credits off the line it credits.
    const note = await insert(3, -500, second)
    expect(await kept()).toEqual([{ due: '2026-01-10', lines: 1, owed: 600 }])
    // Its invoice's due day moved: the lines' row moves with them.
    await client.query(`update invoices set due_date = '2026-02-10' where id = $1`, [invoiceId])
    expect(await kept()).toEqual([{ due: '2026-02-10', lines: 1, owed: 600 }])
    await client.query(`update invoice_lines set paid_minor = 1000 where id = $1`, [first])
    expect(await kept()).toEqual([])
    await client.query(`update invoice_lines set paid_minor = 0 where id = $1`, [first])
    expect(await kept()).toEqual([{ due: '2026-02-10', lines: 1, owed: 1000 }])
    await client.query(`delete from invoice_lines where id = any($1::uuid[])`, [[note, second]])
    expect(await kept()).toEqual([{ due: '2026-02-10', lines: 1, owed: 1000 }])
    await client.query(`delete from invoice_lines where id = $1`, [first])
    expect(await kept()).toEqual([])
  })

  it('refuses a line naming another institute’s head or period, and keeps what lines name', async () => {
    const invoiceId = await invoice()
    const insert = (head: string, period: string | null, lineNo = 1) =>
      client.query(
        `insert into invoice_lines (institute_id, invoice_id, line_no, student_id, fee_head_id, period_id, gross_minor, net_minor, academic_session_id, campus_id, issue_date, due_date)
           values ($1, $2, $3, $4, $5, $6, 100, 100, $7, $8, '2026-01-01', '2026-01-10')`,
        [
          ids.institute_a,
          invoiceId,
          lineNo,
          ids.student_a,
          head,
          period,
          ids.session_a,
          ids.campus_a,
        ],
      )
    await expect(insert(ids.head_b!, ids.period_a!)).rejects.toMatchObject({
      code: '23503',
      constraint: 'invoice_lines_head_fk',
    })
    await expect(insert(ids.head_a!, ids.period_b!)).rejects.toMatchObject({
      code: '23503',
      constraint: 'invoice_lines_period_fk',
    })
    await insert(ids.head_a!, null, 2)
    // Changing a line to name what its institute lacks is refused as well.
    await expect(
      client.query(`update invoice_lines set fee_head_id = $1 where invoice_id = $2`, [
        ids.head_b,
        invoiceId,
      ]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'invoice_lines_head_fk' })

    // A head or period that lines name stays; one that none name can go.
    await expect(
      client.query(`delete from fee_heads where id = $1`, [ids.head_a]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'invoice_lines_head_fk' })
    await expect(
      client.query(`delete from payment_periods where id = $1`, [ids.period_a]),
    ).rejects.toMatchObject({ code: '23503', constraint: 'invoice_lines_period_fk' })
    await client.query(`update fee_heads set name = 'Tuition fee' where id = $1`, [ids.head_a])
    await client.query(`delete from payment_periods where id = $1`, [ids.period_b])
  })

  it('refuses a fee configuration pointing at another institute’s head', async () => {
    const insert = (head: string) =>
      client.query(
        `insert into fee_configs (institute_id, academic_session_id, class_id, fee_head_id, amount_minor)
           values ($1, $2, (select id from classes limit 1), $3, 100)`,
        [ids.institute_a, ids.session_a, head],
      )
    await client.query(`insert into classes (institute_id, name, position) values ($1, 'One', 1)`, [
      ids.institute_a,
    ])
    await expect(insert(ids.head_b!)).rejects.toThrow(/fee_configs_head_fk/)
    await insert(ids.head_a!)
    // The same scope twice, with group, campus and cycle all null: one row (NULLS NOT DISTINCT).
    await expect(insert(ids.head_a!)).rejects.toThrow(/fee_configs_scope_unique/)
  })
})
