import { rmSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { createDefaultChart } from '../modules/accounting/default-chart.ts'
import { migrationsFolder as folder, migrationsUpTo } from '../test-support/migrations.ts'
import type { Db } from './client.ts'

describe('migrations over an earlier release’s data', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('gives each free-text student a campus, guardian contact and an enrolment', async () => {
    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    const before = migrationsUpTo('0010')
    dirs.push(before)
    await migrate(db, { migrationsFolder: before })
    const { rows } = await client.query<{ id: string }>(
      `insert into institutes (slug, name) values ('old-school', 'Old School') returning id`,
    )
    const institute = rows[0]!.id
    await client.query(
      `insert into campuses (institute_id, name, code, position) values ($1, 'Main', 'MAIN', 0), ($1, 'North', 'N', 1)`,
      [institute],
    )
    await client.query(
      `insert into academic_sessions (institute_id, name, starts_on, ends_on, position)
         values ($1, '2026', '2026-01-01', '2026-12-31', 1)`,
      [institute],
    )
    await client.query(
      `insert into students (institute_id, student_code, full_name, phone, email, academic_session, class_name, group_name, status)
         values ($1, '20260001', 'Rafi', '+880 1711-000001', 'r@x.example', '2026', 'Six', '', 'active'),
                ($1, '20260002', 'Sadia', '01711000001', '', '2026', 'six', '', 'inactive'),
                ($1, '20270001', 'Nabil', '01811000002', '', '2027–2028', 'Nine', 'Science', 'active')`,
      [institute],
    )

    await migrate(db, { migrationsFolder: folder })

    const students = await client.query(
      `select s.student_code, s.guardian_phone, s.guardian_email, s.family_key, s.status, c.code as campus,
              se.name as session, se.starts_on::text, se.ends_on::text, cl.name as class, g.name as "group", e.roll
         from students s join campuses c on c.id = s.campus_id
         join enrolments e on e.student_id = s.id
         join academic_sessions se on se.id = e.academic_session_id
         join classes cl on cl.id = e.class_id
         left join groups g on g.id = e.group_id
        order by s.student_code`,
    )
    expect(students.rows).toEqual([
      expect.objectContaining({
        student_code: '20260001',
        guardian_phone: '+880 1711-000001',
        guardian_email: 'r@x.example',
        family_key: '1711000001',
        status: 'active',
        campus: 'MAIN',
        session: '2026',
        class: 'Six',
        group: null,
        roll: 1,
      }),
      expect.objectContaining({
        student_code: '20260002',
        family_key: '1711000001',
        status: 'left',
        session: '2026',
        class: 'Six',
        roll: 2,
      }),
      expect.objectContaining({
        student_code: '20270001',
        session: '2027–2028',
        starts_on: '2027-07-01',
        ends_on: '2028-06-30',
        class: 'Nine',
        group: 'Science',
        roll: 1,
      }),
    ])
    await client.close()
  })

  it('points each free-text admission form at its session, class and group', async () => {
    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    const before = migrationsUpTo('0012')
    dirs.push(before)
    await migrate(db, { migrationsFolder: before })
    const { rows } = await client.query<{ id: string }>(
      `insert into institutes (slug, name) values ('old-school', 'Old School'), ('other', 'Other')
       returning id`,
    )
    const [institute, other] = rows.map((r) => r.id)
    await client.query(
      `insert into academic_sessions (institute_id, name, starts_on, ends_on, position)
         values ($1, '2026', '2026-01-01', '2026-12-31', 1)`,
      [institute],
    )
    await client.query(
      `insert into classes (institute_id, name, position) values ($1, 'Six', 1), ($2, 'Six', 1)`,
      [institute, other],
    )
    await client.query(
      `insert into groups (institute_id, name, position) values ($1, 'Science', 1)`,
      [institute],
    )
    const forms = await client.query<{ id: string }>(
      `insert into admission_forms (institute_id, title, academic_session, class_name, group_name,
         opens_on, closes_on, required_fields, questions, attachments)
       values ($1, 'Six 2026', '2026', 'six', 'science', '2026-01-01', '2026-02-01', '[]', '[]', '[]'),
              ($1, 'Nine', '2026-27', 'Nine', 'Arts', '2026-01-01', '2026-02-01', '[]', '[]', '[]'),
              ($1, 'Nine again', '2026-27', 'NINE', '', '2026-01-01', '2026-02-01', '[]', '[]', '[]'),
              ($2, 'Elsewhere', '2027–2028', 'Six', '', '2026-01-01', '2026-02-01', '[]', '[]', '[]')
       returning id`,
      [institute, other],
    )
    await client.query(
      `insert into applicants (institute_id, form_id, temporary_id, short_reference, status,
         applicant_name, phone, fields, answers, idempotency_key, payload_hash)
       values ($1, $2, 'tmp-1', 'OS-26-AAAA', 'submitted', 'Rafi', '01711000001', '{}', '{}', 'k1', 'h1')`,
      [institute, forms.rows[1]!.id],
    )

    await migrate(db, { migrationsFolder: folder })

    const migrated = await client.query(
      `select f.title, s.name as session, s.starts_on::text, s.ends_on::text, c.name as class,
              g.name as "group", (select count(*)::int from applicants a where a.form_id = f.id) as applicants
         from admission_forms f
         join academic_sessions s on s.id = f.academic_session_id and s.institute_id = f.institute_id
         join classes c on c.id = f.class_id and c.institute_id = f.institute_id
         left join groups g on g.id = f.group_id and g.institute_id = f.institute_id
        order by f.title`,
    )
    expect(migrated.rows).toEqual([
      {
        title: 'Elsewhere',
        session: '2027–2028',
        starts_on: '2027-07-01',
        ends_on: '2028-06-30',
        class: 'Six',
        group: null,
        applicants: 0,
      },
      {
        title: 'Nine',
        session: '2026-27',
        starts_on: '2026-07-01',
        ends_on: '2027-06-30',
        class: 'Nine',
        group: 'Arts',
        applicants: 1,
      },
      {
        title: 'Nine again',
        session: '2026-27',
        starts_on: '2026-07-01',
        ends_on: '2027-06-30',
        class: 'Nine',
        group: null,
        applicants: 0,
      },
      {
        title: 'Six 2026',
        session: '2026',
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        class: 'Six',
        group: 'Science',
        applicants: 0,
      },
    ])
    // Created items go at the end of their lists; existing ones are reused, not doubled.
    const lists = await client.query(
      `select (select string_agg(name, ',' order by position) from classes where institute_id = $1) as classes,
              (select string_agg(name, ',' order by position) from groups where institute_id = $1) as groups,
              (select string_agg(name, ',' order by position) from academic_sessions where institute_id = $1) as sessions`,
      [institute],
    )
    expect(lists.rows[0]).toEqual({
      classes: 'Six,Nine',
      groups: 'Science,Arts',
      sessions: '2026,2026-27',
    })
    await client.close()
  })

  it('gives charts made before cash over and short (and admission fee income) their account and mapping, if still the default', async () => {
    const client = new PGlite({ extensions: { pg_trgm } })
    const db = drizzle(client)
    const before = migrationsUpTo('0027')
    dirs.push(before)
    await migrate(db, { migrationsFolder: before })
    const { rows } = await client.query<{ id: string; slug: string }>(
      `insert into institutes (slug, name) values ('old', 'Old'), ('custom', 'Custom'), ('new', 'New')
       returning id, slug`,
    )
    const id = Object.fromEntries(rows.map((r) => [r.slug, r.id]))
    for (const r of rows) await createDefaultChart(db as unknown as Db, r.id)
    // The chart as it was made before the closing posted differences, and one recoded by hand.
    for (const slug of ['old', 'custom']) {
      await client.query(
        `delete from coa_mappings where institute_id = $1 and purpose = 'cash_over_short'`,
        [id[slug]],
      )
      await client.query(
        `delete from accounts where institute_id = $1 and gl_code in ('5010202001', '5010202')`,
        [id[slug]],
      )
      // Nor was admission fee income mapped before applicants paid at the counter.
      await client.query(
        `delete from coa_mappings where institute_id = $1 and purpose = 'admission_fee_income'`,
        [id[slug]],
      )
    }
    await client.query(
      `update accounts set gl_code = '4010102009' where institute_id = $1 and gl_code = '4010102001'`,
      [id.custom],
    )
    await client.query(
      `update accounts set gl_code = '50109' where institute_id = $1 and gl_code = '50102'`,
      [id.custom],
    )

    await migrate(db, { migrationsFolder: folder })

    const mapped = await client.query<{ slug: string; gl_code: string; path: string }>(
      `select i.slug, a.gl_code, g.gl_code || ' ' || g.name || ' > ' || a.name as path
         from coa_mappings m
         join institutes i on i.id = m.institute_id
         join accounts a on a.id = m.account_id
         join accounts g on g.id = a.parent_id
        where m.purpose = 'cash_over_short' order by i.slug`,
    )
    expect(mapped.rows).toEqual([
      {
        slug: 'new',
        gl_code: '5010202001',
        path: '5010202 Cash differences > Cash over and short',
      },
      {
        slug: 'old',
        gl_code: '5010202001',
        path: '5010202 Cash differences > Cash over and short',
      },
    ])
    const leaves = await client.query(
      `select count(*)::int as n from accounts where gl_code = '5010202001'`,
    )
    expect(leaves.rows).toEqual([{ n: 2 }])
    // The default chart's admission fee income is mapped; a recoded chart is its accountants'.
    const admissionFees = await client.query(
      `select i.slug, a.gl_code from coa_mappings m
         join institutes i on i.id = m.institute_id
         join accounts a on a.id = m.account_id
        where m.purpose = 'admission_fee_income' order by i.slug`,
    )
    expect(admissionFees.rows).toEqual([
      { slug: 'new', gl_code: '4010102001' },
      { slug: 'old', gl_code: '4010102001' },
    ])
    await client.close()
  })
})
