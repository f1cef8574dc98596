import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { getJson } from '../../../lib/api.ts'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import {
  ApplicantListSchema,
  ApplicantSchema,
  type Applicant,
} from '../../../shared/schemas/admission-applicants.ts'
import { AdmissionFormListSchema } from '../../../shared/schemas/admission-forms.ts'
import {
  type AdmissionFormListSearch,
  type ApplicantListSearch,
} from '../../../shared/schemas/admission-lists.ts'
import { EnrolmentProposalSchema } from '../../../shared/schemas/students.ts'
import { BankAccountListSchema } from '../../../shared/schemas/applicant-fees.ts'
import { fetchFile } from '../../../lib/download.ts'

/** Everything under ['admission'] changes when a form or an application does. */
export const admissionKey = ['admission'] as const

const enc = encodeURIComponent
export const applicantPath = (applicantId: string) => `admission/applicants/${enc(applicantId)}`

export const formsQuery = (search: AdmissionFormListSearch) =>
  queryOptions({
    queryKey: [...admissionKey, 'forms', search],
    ...storedRead(
      `admission/forms?${toSearchParams(search)}`,
      AdmissionFormListSchema,
      '/admission-forms',
    ),
    placeholderData: keepPreviousData,
  })

/** The forms to filter applicants by: the latest hundred, newest opening first. */
export const formOptionsQuery = () =>
  formsQuery({ q: '', page: 1, perPage: 100, sortBy: 'opensOn', sortDesc: true })

export const applicantsQuery = (search: ApplicantListSearch) =>
  queryOptions({
    queryKey: [...admissionKey, 'applicants', search],
    ...storedRead(
      `admission/applicants?${toSearchParams(search)}`,
      ApplicantListSchema,
      '/admission-applicants',
    ),
    placeholderData: keepPreviousData,
  })

export const applicantQuery = (applicantId: string) =>
  queryOptions({
    queryKey: [...admissionKey, 'applicant', applicantId],
    ...storedRead(
      applicantPath(applicantId),
      ApplicantSchema,
      '/admission-applicants/$applicantId',
    ),
  })

/**
 * Where enrolling the applicant would place them: the sections of the form's class in its
 * session, each with its next free roll. Read live, never from the offline store: a stored copy
 * would propose a roll someone has taken since.
 */
export const enrolmentProposalQuery = (applicantId: string) =>
  queryOptions({
    queryKey: [...admissionKey, 'enrolment-proposal', applicantId],
    queryFn: () =>
      getJson(`${applicantPath(applicantId)}/enrolment-proposal`, EnrolmentProposalSchema),
  })

/** The bank accounts a deposit slip may name (permission admission-fee). */
export const depositBanksQuery = (applicantId: string) =>
  queryOptions({
    queryKey: [...admissionKey, 'deposit-banks', applicantId],
    queryFn: () => getJson(`${applicantPath(applicantId)}/fee-deposit`, BankAccountListSchema),
  })

export type AttachmentFile = Pick<
  Applicant['attachments'][number],
  'id' | 'fileName' | 'contentType'
>

export const attachmentPath = (applicantId: string, file: AttachmentFile) =>
  `${applicantPath(applicantId)}/attachments/${enc(file.id)}`

/**
 * One of an application's files to look at on its page. Not kept for offline use, and apart
 * from ['admission'] so a decision does not fetch it again: an upload's content never changes.
 */
export const attachmentPreviewQuery = (applicantId: string, file: AttachmentFile) =>
  queryOptions({
    queryKey: ['attachment-preview', applicantId, file.id],
    queryFn: () => fetchFile(`${attachmentPath(applicantId, file)}/preview`, file.contentType),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  })
