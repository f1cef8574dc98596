import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../../lib/read-store.ts'
import { toSearchParams } from '../../../lib/search.ts'
import {
  AdmissionFormListSchema,
  ApplicantListSchema,
  ApplicantSchema,
  type AdmissionFormListSearch,
  type ApplicantListSearch,
} from '../../../shared/schemas/admission.ts'

/** Everything under ['admission'] changes when a form or an application does. */
export const admissionKey = ['admission'] as const

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
      `admission/applicants/${encodeURIComponent(applicantId)}`,
      ApplicantSchema,
      '/admission-applicants/$applicantId',
    ),
  })
