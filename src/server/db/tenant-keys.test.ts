import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { testDatabaseUrl } from '../test-support/test-app.ts'

/**
 * Readiness for a distributed PostgreSQL (Citus) keyed by `institute_id`: a distributed table
 * must carry the key, and its primary key, unique constraints and unique indexes, and its
 * foreign keys to other distributed tables, must include it. Tables that are not distributed
 * may refer to no distributed table. What is not keyed yet is named here and may
 * only shrink: a new table or key must follow the rule, and a fixed one must leave the list.
 */

/**
 * Not distributed: the institutes themselves, the installation's settings and throttles, and
 * the people and their access. A username or email is unique across all institutes (a user
 * signs in without naming one), which only a table kept whole on one node can enforce. Users
 * and roles change seldom and suit reference tables (a copy on every node); sessions, OTP
 * challenges and throttle counts are written at every sign-in, refresh or limited request, so
 * they would rather stay local to the coordinator. Either way none may refer to a tenant table.
 */
const referenceTables = [
  'app_settings',
  'institutes',
  'otp_challenges',
  'role_rules',
  'roles',
  'sessions',
  'throttle_counters',
  'user_roles',
  'users',
]

/** Keys of tenant tables without `institute_id` yet, by table: the migration still to come. */
const unkeyedKeys: string[] = [
  'academic_sessions.academic_sessions_pkey',
  'accounts.accounts_parent_id_accounts_id_fk',
  'accounts.accounts_pkey',
  'admission_forms.admission_forms_academic_session_id_academic_sessions_id_fk',
  'admission_forms.admission_forms_class_id_classes_id_fk',
  'admission_forms.admission_forms_group_id_groups_id_fk',
  'admission_forms.admission_forms_pkey',
  'applicant_attachments.applicant_attachments_applicant_id_applicants_id_fk',
  'applicant_attachments.applicant_attachments_kind_unique',
  'applicant_attachments.applicant_attachments_pkey',
  'applicants.applicants_form_id_admission_forms_id_fk',
  'applicants.applicants_pkey',
  'applicants.applicants_temporary_id_unique',
  'audit_log.audit_log_pkey',
  'campuses.campuses_pkey',
  'classes.classes_pkey',
  'coa_mappings.coa_mappings_account_id_accounts_id_fk',
  'coa_mappings.coa_mappings_pkey',
  'concessions.concessions_academic_session_id_academic_sessions_id_fk',
  'concessions.concessions_pkey',
  'concessions.concessions_student_id_students_id_fk',
  'enrolments.enrolments_academic_session_id_academic_sessions_id_fk',
  'enrolments.enrolments_class_id_classes_id_fk',
  'enrolments.enrolments_group_id_groups_id_fk',
  'enrolments.enrolments_pkey',
  'enrolments.enrolments_section_id_sections_id_fk',
  'enrolments.enrolments_shift_id_shifts_id_fk',
  'enrolments.enrolments_student_id_students_id_fk',
  'fee_configs.fee_configs_academic_session_id_academic_sessions_id_fk',
  'fee_configs.fee_configs_class_id_classes_id_fk',
  'fee_configs.fee_configs_group_id_groups_id_fk',
  'fee_configs.fee_configs_pkey',
  'fee_heads.fee_heads_income_account_id_accounts_id_fk',
  'fee_heads.fee_heads_pkey',
  'fine_rules.fine_rules_pkey',
  'fine_waivers.fine_waivers_invoice_line_id_invoice_lines_id_fk',
  'fine_waivers.fine_waivers_pkey',
  'group_classes.group_classes_class_id_classes_id_fk',
  'group_classes.group_classes_group_id_class_id_pk',
  'group_classes.group_classes_group_id_groups_id_fk',
  'group_invoice_runs.group_invoice_runs_job_id_jobs_id_fk',
  'group_invoice_runs.group_invoice_runs_pkey',
  'groups.groups_pkey',
  'institute_slugs.institute_slugs_pkey',
  'invoice_lines.invoice_lines_credits_line_id_invoice_lines_id_fk',
  'invoice_lines.invoice_lines_line_no_unique',
  'invoice_lines.invoice_lines_pkey',
  'invoice_lines.invoice_lines_voucher_id_vouchers_id_fk',
  'invoices.invoices_academic_session_id_academic_sessions_id_fk',
  'invoices.invoices_credit_of_invoices_id_fk',
  'invoices.invoices_pkey',
  'invoices.invoices_student_id_students_id_fk',
  'invoices.invoices_voucher_id_vouchers_id_fk',
  'jobs.jobs_pkey',
  'outbox.outbox_pkey',
  'payment_cycles.payment_cycles_academic_session_id_academic_sessions_id_fk',
  'payment_cycles.payment_cycles_pkey',
  'payment_periods.payment_periods_pkey',
  'sections.sections_academic_session_id_academic_sessions_id_fk',
  'sections.sections_class_id_classes_id_fk',
  'sections.sections_pkey',
  'shifts.shifts_pkey',
  'student_fee_overrides.student_fee_overrides_academic_session_id_academic_sessions_id_',
  'student_fee_overrides.student_fee_overrides_pkey',
  'student_fee_overrides.student_fee_overrides_student_id_students_id_fk',
  'student_imports.student_imports_job_id_jobs_id_fk',
  'student_imports.student_imports_pkey',
  'students.students_applicant_id_applicants_id_fk',
  'students.students_applicant_id_unique',
  'students.students_pkey',
  'vat_rates.vat_rates_pkey',
  'voucher_lines.voucher_lines_account_id_accounts_id_fk',
  'voucher_lines.voucher_lines_pkey',
  'voucher_lines.voucher_lines_voucher_id_vouchers_id_fk',
  'vouchers.vouchers_pkey',
  'vouchers.vouchers_reverses_id_vouchers_id_fk',
  'vouchers.vouchers_reverses_unique',
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
    expect(lacking).toEqual(unkeyedKeys)
  })
})
