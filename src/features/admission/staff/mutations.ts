import { useLingui } from '@lingui/react'
import { useMutation, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { deleteResource, httpStatus, postJson, putJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import { toSearchParams } from '../../../lib/search.ts'
import { ApplicantSchema, type Applicant } from '../../../shared/schemas/admission-applicants.ts'
import {
  AdmissionFormInputSchema,
  AdmissionFormSchema,
  type AdmissionForm,
  type AdmissionFormInput,
} from '../../../shared/schemas/admission-forms.ts'
import type { ApplicantListSearch } from '../../../shared/schemas/admission-lists.ts'
import { EnrolApplicantSchema, type EnrolApplicantInput } from '../../../shared/schemas/students.ts'
import { todayIso } from '../../../lib/dates.ts'
import type { ApplicantFeeDeposit } from '../../../shared/schemas/applicant-fees.ts'
import { downloadFile } from '../../../lib/download.ts'
import {
  admissionKey,
  applicantPath,
  applicantQuery,
  attachmentPath,
  type AttachmentFile,
} from './queries.ts'

/*
 * The staff's changes to forms and applications. Each hook sends its request and keeps the
 * cache right; the screen passes only its own reaction (`Feedback`). On success everything under
 * ['admission'] is read again before the screen's `onSuccess` runs; on failure the screen's
 * `onError` runs first (its message at once), then what the failure calls for is read again;
 * `onSettled` comes last.
 */

const enc = encodeURIComponent
const formPath = (formId: string) => `admission/forms/${enc(formId)}`

const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: admissionKey })

/** Creates a form (`form` undefined) or replaces the one given: the whole form is sent. */
export function useSaveForm(
  form: AdmissionForm | undefined,
  feedback: Feedback<AdmissionForm, AdmissionFormInput> = {},
) {
  return useChange(
    (input: AdmissionFormInput) => {
      const body = v.parse(AdmissionFormInputSchema, input)
      return form
        ? putJson(formPath(form.id), body, AdmissionFormSchema)
        : postJson('admission/forms', body, AdmissionFormSchema)
    },
    { refresh: refreshAll, feedback },
  )
}

export type FormAction = 'publish' | 'unpublish' | 'close' | 'open'
export type FormActionVariables = { form: AdmissionForm; action: FormAction }

/** Publishes, unpublishes, closes or reopens a form. */
export function useFormAction(feedback: Feedback<AdmissionForm, FormActionVariables> = {}) {
  return useChange(
    ({ form, action }: FormActionVariables) =>
      postJson(`${formPath(form.id)}/${action}`, {}, AdmissionFormSchema),
    { refresh: refreshAll, feedback },
  )
}

/**
 * Deletes a form that has no applications. A refusal has the lists read again too: applications
 * may have arrived since the list was read.
 */
export function useDeleteForm(feedback: Feedback<void, AdmissionForm> = {}) {
  return useChange((form: AdmissionForm) => deleteResource(formPath(form.id)), {
    refresh: refreshAll,
    refreshOnError: refreshAll,
    feedback,
  })
}

/** A changed application: kept as answered, and every list it shows in read again. */
async function applicantChanged(queryClient: QueryClient, saved: Applicant) {
  queryClient.setQueryData(applicantQuery(saved.id).queryKey, saved)
  await refreshAll(queryClient)
}

/** A refused change to an application: on a 409 it changed meanwhile, so it is read again. */
async function applicantRefused(queryClient: QueryClient, err: Error) {
  if (httpStatus(err) === 409) await refreshAll(queryClient)
}

/** Records an application fee paid by bank deposit, under the key made when Save was pressed. */
export function useRecordFeeDeposit(
  applicantId: string,
  feedback: Feedback<Applicant, { key: string; body: ApplicantFeeDeposit }> = {},
) {
  return useChange(
    ({ key, body }: { key: string; body: ApplicantFeeDeposit }) =>
      postJson(`${applicantPath(applicantId)}/fee-deposit`, body, ApplicantSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    { refresh: applicantChanged, refreshOnError: applicantRefused, feedback },
  )
}

export type ApplicantStep = 'review'

/** Marks an application under review. */
export function useAdvanceApplicant(
  applicantId: string,
  feedback: Feedback<Applicant, ApplicantStep> = {},
) {
  return useChange(
    (step: ApplicantStep) => postJson(`${applicantPath(applicantId)}/${step}`, {}, ApplicantSchema),
    { refresh: applicantChanged, refreshOnError: applicantRefused, feedback },
  )
}

/** Enrols an accepted applicant as a student, in the section and with the roll chosen. */
export function useEnrolApplicant(
  applicantId: string,
  feedback: Feedback<Applicant, EnrolApplicantInput> = {},
) {
  return useChange(
    (input: EnrolApplicantInput) =>
      postJson(
        `${applicantPath(applicantId)}/enrol`,
        v.parse(EnrolApplicantSchema, input),
        ApplicantSchema,
      ),
    { refresh: applicantChanged, refreshOnError: applicantRefused, feedback },
  )
}

export type Decision = { decision: 'accept' | 'reject'; note: string }

/** Accepts (note optional) or rejects (note required) an application. */
export function useDecideApplicant(
  applicantId: string,
  feedback: Feedback<Applicant, Decision> = {},
) {
  return useChange(
    ({ decision, note }: Decision) =>
      postJson(`${applicantPath(applicantId)}/${decision}`, { note }, ApplicantSchema),
    { refresh: applicantChanged, refreshOnError: applicantRefused, feedback },
  )
}

/** Saves one of an application's files on this computer. */
export function useDownloadAttachment(
  applicantId: string,
  feedback: Feedback<void, AttachmentFile> = {},
) {
  return useMutation({
    mutationFn: (file: AttachmentFile) =>
      downloadFile(attachmentPath(applicantId, file), file.fileName),
    ...feedback,
  })
}

/**
 * Saves every application that matches the list's filters as CSV, in the list's order, written
 * by the server in the language the app shows.
 */
export function useExportApplicants(feedback: Feedback<void, ApplicantListSearch> = {}) {
  const { i18n } = useLingui()
  return useMutation({
    mutationFn: (search: ApplicantListSearch) => {
      // Every row that matches the filters: the pages are the server's.
      const { page, perPage, ...filters } = search
      void page
      void perPage
      const fallback = `applicants-${todayIso()}.csv`
      const query = toSearchParams({ ...filters, lang: i18n.locale })
      return downloadFile(`admission/applicants/export?${query}`, fallback)
    },
    ...feedback,
  })
}
