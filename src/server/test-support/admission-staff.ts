// The staff admission suites' set-up: an admission officer of the demo institute signed in, the
// audit trail of one entity, and the form or applicant steps the suites repeat.
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import type { Applicant } from '../../shared/schemas/admission-applicants.ts'
import type { AdmissionForm } from '../../shared/schemas/admission-forms.ts'
import { auditLog } from '../db/schema/access.ts'
import {
  demoInstituteId,
  formInput,
  insertForm,
  placementIn,
  signedInAs,
  type FormPlacement,
} from './admission.ts'
import { asUser, createTestApp, type TestApp } from './test-app.ts'

export const formsPath = '/api/admission/forms'
export const applicantsPath = '/api/admission/applicants'

/** The audit rows of one entity, oldest first. */
const auditsOf = (t: TestApp, entity: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt))

/** A fresh app per file with the officer signed in, closed at the end; `more` adds to it. */
function officerSuite<S>(
  more: (t: TestApp, instituteId: string) => Promise<S>,
  ready: (suite: { t: TestApp; officer: string; instituteId: string } & S) => void,
) {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    const officer = await signedInAs(t, 'officer', ['admission officer'])
    const instituteId = await demoInstituteId(t)
    ready({ t, officer, instituteId, ...(await more(t, instituteId)) })
  })
  afterAll(() => t.database.close())
}

export interface FormSuite {
  t: TestApp
  officer: string
  instituteId: string
  placement: FormPlacement
  /** Creates a form through the API as the officer; `overrides` change the valid body. */
  create: (overrides?: Parameters<typeof formInput>[1]) => Promise<AdmissionForm>
  /** The audit rows of one form, oldest first. */
  auditsOf: (entityId: string) => ReturnType<typeof auditsOf>
}

/** Registers the hooks of an admission-forms suite: `formSuite((s) => ({ t, officer } = s))`. */
export function formSuite(ready: (suite: FormSuite) => void) {
  officerSuite(
    async (t, instituteId) => ({ placement: await placementIn(t, instituteId) }),
    (s) =>
      ready({
        ...s,
        create: async (overrides = {}) => {
          const res = await asUser(
            s.t,
            s.officer,
            'POST',
            formsPath,
            formInput(s.placement, overrides),
          )
          expect(res.status).toBe(201)
          return (await res.json()) as AdmissionForm
        },
        auditsOf: (entityId) => auditsOf(s.t, 'admission_form', entityId),
      }),
  )
}

export interface ApplicantSuite {
  t: TestApp
  officer: string
  instituteId: string
  /** The demo institute's published form the suite's applicants apply to. */
  form: Awaited<ReturnType<typeof insertForm>>
  /** Posts a step (review, accept, reject, enrol…) of an applicant as the officer. */
  post: (id: string, step: string, body?: object) => ReturnType<typeof asUser>
  /** A step that must succeed, answering the applicant after it. */
  stepOk: (id: string, step: string, body?: object) => Promise<Applicant>
  /** The audit rows of one applicant, oldest first. */
  auditsOf: (entityId: string) => ReturnType<typeof auditsOf>
}

/** Registers the hooks of an applicants suite: `applicantSuite((s) => ({ t, officer } = s))`. */
export function applicantSuite(ready: (suite: ApplicantSuite) => void) {
  officerSuite(
    async (t, instituteId) => ({
      form: await insertForm(t, instituteId, { title: 'Class Six admission 2028' }),
    }),
    (s) => {
      const post = (id: string, step: string, body?: object) =>
        asUser(
          s.t,
          s.officer,
          'POST',
          `${applicantsPath}/${id}/${step}`,
          body ?? (step === 'accept' || step === 'enrol' ? {} : undefined),
        )
      ready({
        ...s,
        post,
        stepOk: async (id, step, body) => {
          const res = await post(id, step, body)
          expect(res.status, step).toBe(200)
          return (await res.json()) as Applicant
        },
        auditsOf: (entityId) => auditsOf(s.t, 'applicant', entityId),
      })
    },
  )
}
