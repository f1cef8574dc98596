import { maxAttachmentBytes } from '../../../shared/schemas/admission-forms.ts'
import type { Area } from '../../lib/area.ts'
import { applicantFeeDepositRoutes } from './applicant-fee-deposit.ts'
import { applicantRoutes } from './applicants.ts'
import { admissionFormRoutes } from './forms.ts'
import { publicAdmissionRoutes, type PublicAdmissionLimits } from './public.ts'
import { attachmentUploadPath } from './public-attachments.ts'

export const admissionArea = (limits?: PublicAdmissionLimits): Area => ({
  name: 'admission',
  mounts: [
    { path: '/admission/forms', routes: admissionFormRoutes },
    { path: '/admission/applicants', routes: applicantRoutes },
    { path: '/admission/public', routes: publicAdmissionRoutes(limits) },
    { path: '/admission/applicants', routes: applicantFeeDepositRoutes },
  ],
  bodyLimits: [
    // An attachment upload; its own route checks it against the form's limit.
    {
      method: 'PUT',
      path: attachmentUploadPath,
      maxBytes: maxAttachmentBytes + 64 * 1024,
      code: 'payload_too_large',
    },
  ],
  publicEndpoints: [
    // Applicants (§2 admission): no account; rate limited per IP, changes need the phone or DOB.
    'GET /api/admission/public/:institute',
    'GET /api/admission/public/:institute/forms/:formId',
    'POST /api/admission/public/:institute/forms/:formId/applications',
    'GET /api/admission/public/:institute/applications/:temporaryId',
    'PUT /api/admission/public/:institute/applications/:temporaryId/attachments/:kind',
    // To the phone or email on the application only, a few an hour.
    'POST /api/admission/public/:institute/applications/:temporaryId/send-link',
  ],
  idempotencySubjects: ['application', 'payment'],
})
