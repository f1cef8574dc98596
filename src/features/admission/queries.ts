import { queryOptions } from '@tanstack/react-query'
import { getPublicJson } from '../../lib/public-api.ts'
import { PublicApplicationSchema } from '../../shared/schemas/admission-applications.ts'
import {
  PublicAdmissionFormSchema,
  PublicFormListSchema,
} from '../../shared/schemas/admission-forms.ts'
import { applicationPath, formPath, institutePath } from './paths.ts'

/** Applicants' reads: anonymous, so nothing here is a user's and nothing is wiped at sign-out. */
export const admissionPublicKey = ['admission-public'] as const

/*
 * networkMode 'always': offline, a read fails at once (and the page falls back to what this
 * device kept) instead of waiting for a network that may not come.
 */

/** The institute and its forms open today; kept for offline starts. */
export const instituteFormsQuery = (institute: string) =>
  queryOptions({
    queryKey: [...admissionPublicKey, institute, 'forms'],
    queryFn: () => getPublicJson(institutePath(institute), PublicFormListSchema),
    meta: { persist: true },
    networkMode: 'always',
  })

/** One published form; kept for offline starts, so a draft reopens without a network. */
export const publicFormQuery = (institute: string, formId: string) =>
  queryOptions({
    queryKey: [...admissionPublicKey, institute, 'form', formId],
    queryFn: () => getPublicJson(formPath(institute, formId), PublicAdmissionFormSchema),
    meta: { persist: true },
    networkMode: 'always',
  })

/** An application by its temporaryId (phone masked, no date of birth). */
export const applicationQuery = (institute: string, temporaryId: string) =>
  queryOptions({
    queryKey: [...admissionPublicKey, institute, 'application', temporaryId],
    queryFn: () => getPublicJson(applicationPath(institute, temporaryId), PublicApplicationSchema),
    networkMode: 'always',
  })
