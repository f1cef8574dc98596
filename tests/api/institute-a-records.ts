import { and, eq } from 'drizzle-orm'
import { roles } from '../../src/server/db/schema/access.ts'
import { accounts } from '../../src/server/db/schema/accounting.ts'
import {
  academicSessions,
  classes,
  groups,
  sections,
  shifts,
} from '../../src/server/db/schema/academic.ts'
import {
  admissionForms,
  applicantAttachments,
  applicants,
} from '../../src/server/db/schema/admission.ts'
import { sessions } from '../../src/server/db/schema/auth.ts'
import { jobs } from '../../src/server/db/schema/jobs.ts'
import {
  groupInvoiceRuns,
  invoiceLines,
  invoices,
} from '../../src/server/db/schema/fee-invoices.ts'
import { concessions, fineRules } from '../../src/server/db/schema/fee-rules.ts'
import {
  feeHeads,
  paymentCycles,
  paymentPeriods,
  vatRates,
} from '../../src/server/db/schema/fee-setup.ts'
import { enrolments, studentImports, students } from '../../src/server/db/schema/students.ts'
import { campuses } from '../../src/server/db/schema/institutes.ts'
import { demoToday } from '../../src/server/test-support/fiscal-dates.ts'
import { postVoucher } from '../../src/server/modules/accounting/posting.ts'
import { addUser, signIn, type TestApp } from '../../src/server/test-support/test-app.ts'
import { collectionRecordsOfInstituteA } from './institute-a-collection-records.ts'
import { paymentRecordsOfInstituteA } from './institute-a-payment-records.ts'
import { smsRecordsOfInstituteA } from './institute-a-sms-records.ts'

/**
 * A record of every kind in institute A (the demo institute), by the path parameter that
 * addresses it, and strings only A's data contains: none may reach anyone of institute B.
 */
export async function recordsOfInstituteA(t: TestApp) {
  const recordsOfA: Record<string, string> = {}
  const secretsOfA: string[] = []
  const target = await addUser(t, {
    username: 'target-of-a',
    password: 'target-pass-1',
    roles: ['cashier'],
  })
  await signIn(t, 'target-of-a', 'target-pass-1')
  const [session] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, target.id))
  const instituteA = target.instituteId
  const [role] = await t.database.db
    .insert(roles)
    .values({ instituteId: instituteA, name: 'fixture-role-of-a', homeRoute: '/dashboard' })
    .returning()
  const [cash] = await t.database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.instituteId, instituteA), eq(accounts.name, 'Cash in hand')))
  const voucher = await t.database.db.transaction((tx) =>
    postVoucher(tx, instituteA, {
      type: 'receipt',
      date: demoToday(),
      narration: 'Fixture of institute A',
      lines: [
        { accountId: cash!.id, debit: 500 },
        { purpose: 'fine_income', credit: 500 },
      ],
    }),
  )
  // Of a kind no process here runs: only its row matters to the walk.
  const [job] = await t.database.db
    .insert(jobs)
    .values({ instituteId: instituteA, kind: 'fixture-of-a', key: 'fixture', params: {} })
    .returning()
  const [campus] = await t.database.db
    .insert(campuses)
    .values({ instituteId: instituteA, name: 'Fixture campus of A', code: 'FIXTURE-A' })
    .returning()
  const [studentImport] = await t.database.db
    .insert(studentImports)
    .values({
      instituteId: instituteA,
      fileName: 'Fixture import of A.csv',
      fileSha256: '0'.repeat(64),
      columns: [],
      rows: [],
      preview: { counts: { total: 0, new: 0, updated: 0, unchanged: 0, invalid: 0 }, rows: [] },
    })
    .returning()
  const [academicSession] = await t.database.db
    .insert(academicSessions)
    .values({
      instituteId: instituteA,
      name: 'Fixture session of A',
      startsOn: '2090-01-01',
      endsOn: '2090-12-31',
      position: 99,
    })
    .returning()
  const [klass] = await t.database.db
    .insert(classes)
    .values({ instituteId: instituteA, name: 'Fixture class of A', position: 99 })
    .returning()
  const [group] = await t.database.db
    .insert(groups)
    .values({ instituteId: instituteA, name: 'Fixture group of A', position: 99 })
    .returning()
  const [section] = await t.database.db
    .insert(sections)
    .values({
      instituteId: instituteA,
      academicSessionId: academicSession!.id,
      classId: klass!.id,
      name: 'Fixture section of A',
      position: 1,
    })
    .returning()
  const [shift] = await t.database.db
    .insert(shifts)
    .values({ instituteId: instituteA, name: 'Fixture shift of A', position: 99 })
    .returning()
  const [student] = await t.database.db
    .insert(students)
    .values({
      instituteId: instituteA,
      studentCode: 'FIXTURE-A',
      fullName: 'Fixture student of A',
      guardianPhone: '+8801700000998',
      campusId: campus!.id,
    })
    .returning()
  const [enrolment] = await t.database.db
    .insert(enrolments)
    .values({
      instituteId: instituteA,
      studentId: student!.id,
      academicSessionId: academicSession!.id,
      classId: klass!.id,
      roll: 1,
    })
    .returning()
  const [form] = await t.database.db
    .insert(admissionForms)
    .values({
      instituteId: instituteA,
      title: 'Fixture form of institute A',
      academicSessionId: academicSession!.id,
      classId: klass!.id,
      opensOn: '2026-01-01',
      closesOn: '2026-12-31',
      requiredFields: ['applicantName', 'phone'],
      questions: [],
      attachments: [],
    })
    .returning()
  const [applicant] = await t.database.db
    .insert(applicants)
    .values({
      instituteId: instituteA,
      formId: form!.id,
      temporaryId: 'fixture-temporary-id-of-a',
      shortReference: 'FA-26-0000',
      status: 'submitted',
      applicantName: 'Fixture applicant of A',
      phone: '+8801700000999',
      fields: {},
      answers: {},
      idempotencyKey: 'fixture-key-of-a',
      payloadHash: 'fixture',
    })
    .returning()
  // No bytes stored: a permitted read answers a JSON 404, not the file.
  const [attachment] = await t.database.db
    .insert(applicantAttachments)
    .values({
      instituteId: instituteA,
      applicantId: applicant!.id,
      kind: 'photo',
      fileName: 'fixture.jpg',
      contentType: 'image/jpeg',
      size: 1,
      sha256: 'fixture',
      storageKey: 'admission/fixture',
    })
    .returning()
  const [income] = await t.database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.instituteId, instituteA), eq(accounts.name, 'Tuition fee income')))
  const [feeHead] = await t.database.db
    .insert(feeHeads)
    .values({
      instituteId: instituteA,
      name: 'Fixture head of A',
      code: 'FXA',
      kind: 'recurring',
      incomeAccountId: income!.id,
    })
    .returning()
  const [cycle] = await t.database.db
    .insert(paymentCycles)
    .values({
      instituteId: instituteA,
      academicSessionId: academicSession!.id,
      name: 'Fixture cycle of A',
      frequency: 'monthly',
    })
    .returning()
  const [period] = await t.database.db
    .insert(paymentPeriods)
    .values({
      instituteId: instituteA,
      cycleId: cycle!.id,
      name: 'Fixture period of A',
      sequence: 1,
      startsOn: '2026-01-01',
      endsOn: '2026-01-31',
      issueDate: '2026-01-01',
      dueDate: '2026-01-10',
    })
    .returning()
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      instituteId: instituteA,
      number: 'INV-2026-999999',
      fiscalYear: 2026,
      sequence: 999_999,
      studentId: student!.id,
      academicSessionId: academicSession!.id,
      campusId: campus!.id,
      issueDate: demoToday(),
      dueDate: demoToday(),
    })
    .returning()
  const [line] = await t.database.db
    .insert(invoiceLines)
    .values({
      instituteId: instituteA,
      invoiceId: invoice!.id,
      academicSessionId: invoice!.academicSessionId,
      campusId: invoice!.campusId,
      issueDate: invoice!.issueDate,
      dueDate: invoice!.dueDate,
      lineNo: 1,
      studentId: student!.id,
      feeHeadId: feeHead!.id,
      grossMinor: 100,
      netMinor: 100,
    })
    .returning()
  const [run] = await t.database.db
    .insert(groupInvoiceRuns)
    .values({ instituteId: instituteA, scope: {}, scopeKey: 'fixture' })
    .returning()
  Object.assign(recordsOfA, {
    headId: feeHead!.id,
    cycleId: cycle!.id,
    periodId: period!.id,
    invoiceId: invoice!.id,
    lineId: line!.id,
    runId: run!.id,
    studentId: student!.id,
    enrolmentId: enrolment!.id,
    sessionId: academicSession!.id,
    classId: klass!.id,
    groupId: group!.id,
    sectionId: section!.id,
    shiftId: shift!.id,
    userId: target.id,
    roleId: role!.id,
    id: session!.familyId,
    accountId: cash!.id,
    voucherId: voucher.id,
    formId: form!.id,
    applicantId: applicant!.id,
    attachmentId: attachment!.id,
    jobId: job!.id,
    instituteId: instituteA,
    campusId: campus!.id,
    importId: studentImport!.id,
  })
  secretsOfA.push(
    feeHead!.id,
    'Fixture head of A',
    cycle!.id,
    'Fixture cycle of A',
    period!.id,
    'Fixture period of A',
    target.id,
    role!.id,
    session!.familyId,
    cash!.id,
    voucher.id,
    'Fixture of institute A',
    form!.id,
    applicant!.id,
    attachment!.id,
    job!.id,
    'Fixture form of institute A',
    campus!.id,
    invoice!.id,
    run!.id,
    studentImport!.id,
    'Fixture import of A',
    'Fixture campus of A',
    'Fixture applicant of A',
    'fixture-temporary-id-of-a',
    'target-of-a',
    'fixture-role-of-a',
    'demo-school',
    'Fixture session of A',
    'Fixture class of A',
    'Fixture group of A',
    'Fixture section of A',
    'Fixture shift of A',
    student!.id,
    'Fixture student of A',
  )

  // Fee rules of A (VAT, fines, concessions), on the fixture head above.
  const feeHeadOfA = feeHead
  const [vatRateOfA] = await t.database.db
    .insert(vatRates)
    .values({
      instituteId: instituteA,
      feeHeadId: feeHeadOfA!.id,
      rateBp: 1500,
      effectiveFrom: '2090-01-01',
    })
    .returning()
  const [fineRuleOfA] = await t.database.db
    .insert(fineRules)
    .values({
      instituteId: instituteA,
      kind: 'fixed_once',
      amountMinor: 100,
      effectiveFrom: '2090-01-01',
    })
    .returning()
  const [concessionOfA] = await t.database.db
    .insert(concessions)
    .values({
      instituteId: instituteA,
      studentId: student!.id,
      academicSessionId: academicSession!.id,
      kind: 'percent',
      rateBp: 1000,
      category: 'merit',
      reason: 'Fixture concession of A',
    })
    .returning()
  Object.assign(recordsOfA, {
    feeHeadId: feeHeadOfA!.id,
    rateId: vatRateOfA!.id,
    ruleId: fineRuleOfA!.id,
    concessionId: concessionOfA!.id,
  })
  secretsOfA.push(
    feeHeadOfA!.id,
    'Fixture head of A',
    vatRateOfA!.id,
    fineRuleOfA!.id,
    concessionOfA!.id,
    'Fixture concession of A',
  )

  await paymentRecordsOfInstituteA(t, {
    recordsOfA,
    secretsOfA,
    instituteA,
    campusId: campus!.id,
    studentId: student!.id,
  })

  await collectionRecordsOfInstituteA(t, {
    recordsOfA,
    secretsOfA,
    instituteA,
    cashierId: target.id,
  })
  await smsRecordsOfInstituteA(t, { recordsOfA, secretsOfA, instituteA })
  return { recordsOfA, secretsOfA, instituteA }
}
