import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FeeHead } from '../../../../shared/schemas/fee-heads.ts'
import { auditLog } from '../../../db/schema/access.ts'
import { coaMappings } from '../../../db/schema/accounting.ts'
import { invoiceLines, invoices } from '../../../db/schema/fee-invoices.ts'
import { students } from '../../../db/schema/students.ts'
import { addFeeHead, feeStructure, incomeAccount } from '../../../test-support/fees.ts'
import { adminSuite } from '../../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../../test-support/test-app.ts'

const path = '/api/fees/heads'

describe('fee heads', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const list = async (token = admin) =>
    ((await (await asUser(t, token, 'GET', path)).json()) as { data: FeeHead[] }).data

  it('offers every income leaf but contra-income ones, and the heads to add one under', async () => {
    const read = async () =>
      (await (await asUser(t, admin, 'GET', '/api/fees/income-accounts')).json()) as {
        data: { id: string; name: string }[]
        parents: { id: string; name: string }[]
      }
    const { data, parents } = await read()
    const names = data.map((a) => a.name)
    expect(names).toEqual(
      expect.arrayContaining([
        'Tuition fee income',
        'Admission fee income',
        'Exam fee income',
        'Fine income',
      ]),
    )
    expect(names).not.toContain('Fee concessions (contra-income)')
    expect(names).not.toContain('Tuition') // a head, not a leaf
    expect(names).not.toContain('Cash in hand')
    expect(parents.map((p) => p.name)).toContain('Other fees')
    expect(parents.map((p) => p.name)).not.toContain('Concessions')

    // Created in place through the accounting API, the new leaf is offered at once.
    const other = parents.find((p) => p.name === 'Other fees')!
    const created = await asUser(t, admin, 'POST', '/api/accounting/accounts', {
      parentId: other.id,
      name: 'Transport fee income',
    })
    expect(created.status).toBe(201)
    expect((await read()).data.map((a) => a.name)).toContain('Transport fee income')

    // A contra-income account is refused as a head's income, naming the field.
    const contra = (await t.database.db.select().from(coaMappings)).find(
      (m) => m.purpose === 'concession',
    )!
    const refused = await asUser(t, admin, 'POST', path, {
      name: 'Discounts',
      code: 'DSC',
      kind: 'one_time',
      incomeAccountId: contra.accountId,
    })
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      fields: { incomeAccountId: [{ code: 'fee_income_account' }] },
    })
  })

  it('creates a head with its COA mapping, refuses a taken code or name, and audits', async () => {
    const tuition = await incomeAccount(t, admin, 'Tuition fee income')
    const res = await asUser(t, admin, 'POST', path, {
      name: 'Tuition fee',
      code: ' tui ',
      kind: 'recurring',
      incomeAccountId: tuition.id,
      priority: 1,
    })
    expect(res.status).toBe(201)
    const head = (await res.json()) as FeeHead
    expect(head).toMatchObject({
      code: 'TUI',
      kind: 'recurring',
      vatRates: [],
      active: true,
      inUse: false,
      incomeAccount: `${tuition.glCode} Tuition fee income`,
    })
    const [mapping] = await t.database.db
      .select()
      .from(coaMappings)
      .where(and(eq(coaMappings.purpose, 'fee_income'), eq(coaMappings.key, head.id)))
    expect(mapping?.accountId).toBe(tuition.id)
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fee_head'), eq(auditLog.entityId, head.id)))
    expect(row).toMatchObject({ area: 'fees', action: 'create' })

    const clash = await asUser(t, admin, 'POST', path, {
      name: 'Other',
      code: 'TUI',
      kind: 'one_time',
      incomeAccountId: tuition.id,
    })
    expect(clash.status).toBe(409)
    expect(await clash.json()).toMatchObject({
      fields: { code: [{ code: 'fee_head_code_taken' }] },
    })
    const sameName = await asUser(t, admin, 'POST', path, {
      name: 'TUITION FEE',
      code: 'TUI2',
      kind: 'one_time',
      incomeAccountId: tuition.id,
    })
    expect(sameName.status).toBe(409)
    expect(await sameName.json()).toMatchObject({
      fields: { name: [{ code: 'fee_head_name_taken' }] },
    })
  })

  it('refuses bad input naming the field', async () => {
    const cash = (
      await t.database.db.select().from(coaMappings).where(eq(coaMappings.purpose, 'cash'))
    )[0]!
    const res = await asUser(t, admin, 'POST', path, {
      name: '',
      code: 'no spaces',
      kind: 'weekly',
      incomeAccountId: cash.accountId,
      priority: -1,
    })
    expect(res.status).toBe(422)
    expect((await res.json()) as object).toMatchObject({
      fields: {
        name: [{ code: 'fee_head_name_required' }],
        code: [{ code: 'fee_head_code_shape' }],
        kind: [{ code: 'fee_head_kind_unknown' }],
        priority: [{ code: 'must_be_at_least' }],
      },
    })
    const wrongAccount = await asUser(t, admin, 'POST', path, {
      name: 'Bus',
      code: 'BUS',
      kind: 'on_demand',
      incomeAccountId: cash.accountId,
    })
    expect(wrongAccount.status).toBe(422)
    expect(await wrongAccount.json()).toMatchObject({
      fields: { incomeAccountId: [{ code: 'fee_income_account' }] },
    })
  })

  it('edits, moves the mapping with the account, and deletes a head no invoice uses', async () => {
    const head = await addFeeHead(t, admin, { code: 'EXM', name: 'Exam fee', kind: 'per_event' })
    const exam = await incomeAccount(t, admin, 'Exam fee income')
    const edited = await asUser(t, admin, 'PUT', `${path}/${head.id}`, {
      name: 'Exam fee',
      code: 'EXAM',
      kind: 'per_event',
      incomeAccountId: exam.id,
      priority: 3,
      active: false,
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ code: 'EXAM', active: false })
    const [mapping] = await t.database.db
      .select()
      .from(coaMappings)
      .where(and(eq(coaMappings.purpose, 'fee_income'), eq(coaMappings.key, head.id)))
    expect(mapping?.accountId).toBe(exam.id)

    expect((await asUser(t, admin, 'DELETE', `${path}/${head.id}`)).status).toBe(204)
    expect((await list()).map((h) => h.id)).not.toContain(head.id)
    const gone = await t.database.db
      .select()
      .from(coaMappings)
      .where(and(eq(coaMappings.purpose, 'fee_income'), eq(coaMappings.key, head.id)))
    expect(gone).toEqual([])
    expect((await asUser(t, admin, 'DELETE', `${path}/${head.id}`)).status).toBe(404)
  })

  it('keeps a head an invoice uses: 409 on delete, deactivation instead', async () => {
    const head = await addFeeHead(t, admin, {
      code: 'ADM',
      name: 'Admission fee',
      kind: 'one_time',
    })
    const structure = await feeStructure(t, admin)
    const [student] = await t.database.db.select().from(students).limit(1)
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        instituteId: student!.instituteId,
        number: 'INV-TEST-1',
        fiscalYear: 2026,
        sequence: 1,
        studentId: student!.id,
        academicSessionId: structure.current.id,
        campusId: student!.campusId,
        issueDate: '2026-01-01',
        dueDate: '2026-01-10',
      })
      .returning()
    await t.database.db.insert(invoiceLines).values({
      instituteId: student!.instituteId,
      invoiceId: invoice!.id,
      academicSessionId: invoice!.academicSessionId,
      campusId: invoice!.campusId,
      issueDate: invoice!.issueDate,
      dueDate: invoice!.dueDate,
      lineNo: 1,
      studentId: student!.id,
      feeHeadId: head.id,
      grossMinor: 500000,
      netMinor: 500000,
    })
    expect((await list()).find((h) => h.id === head.id)?.inUse).toBe(true)
    const refused = await asUser(t, admin, 'DELETE', `${path}/${head.id}`)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'fee_head_in_use' })
  })

  it('needs the fee permission to change heads, a fee or report permission to read them; another institute sees none of ours', async () => {
    const head = (await list())[0]!
    // A cashier reads the due report, which narrows to a head: the list, not a change.
    await addUser(t, { username: 'cashier1', password: 'cashier-pass-1', roles: ['cashier'] })
    const cashier = await signIn(t, 'cashier1', 'cashier-pass-1')
    expect((await asUser(t, cashier, 'GET', path)).status).toBe(200)
    await addUser(t, {
      username: 'officer1',
      password: 'officer-pass-1',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'officer1', 'officer-pass-1')
    expect((await asUser(t, officer, 'GET', path)).status).toBe(403)
    expect(
      (await asUser(t, cashier, 'POST', path, { name: 'X', code: 'X', kind: 'one_time' })).status,
    ).toBe(403)
    expect((await asUser(t, cashier, 'DELETE', `${path}/${head.id}`)).status).toBe(403)

    await addUser(t, {
      username: 'other-fees',
      password: 'other-fees-pass',
      otherInstitute: true,
      roles: ['admin'],
    })
    const other = await signIn(t, 'other-fees', 'other-fees-pass')
    expect(await list(other)).toEqual([])
    expect(
      (await asUser(t, other, 'PUT', `${path}/${head.id}`, { ...head, code: 'MINE' })).status,
    ).toBe(404)
    expect((await asUser(t, other, 'DELETE', `${path}/${head.id}`)).status).toBe(404)
    expect((await asUser(t, other, 'DELETE', `${path}/not-an-id`)).status).toBe(404)
  })

  it('shows a head’s VAT from its VAT rates: what the VAT page saves, the head list says', async () => {
    const head = await addFeeHead(t, admin, { code: 'LAB', name: 'Lab fee', kind: 'one_time' })
    expect((await list()).find((h) => h.id === head.id)?.vatRates).toEqual([])
    const saved = await asUser(t, admin, 'POST', `/api/fees/vat-rates/${head.id}`, {
      rateBp: 500,
      inclusive: false,
      effectiveFrom: '2026-07-01',
    })
    expect(saved.status).toBe(201)
    expect((await list()).find((h) => h.id === head.id)?.vatRates).toMatchObject([
      { rateBp: 500, inclusive: false, effectiveFrom: '2026-07-01' },
    ])
  })
})
