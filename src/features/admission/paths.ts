/** The public admission endpoints, below /api/. */
const enc = encodeURIComponent

export const institutePath = (institute: string) => `admission/public/${enc(institute)}`

export const formPath = (institute: string, formId: string) =>
  `${institutePath(institute)}/forms/${enc(formId)}`

export const submitPath = (institute: string, formId: string) =>
  `${formPath(institute, formId)}/applications`

export const applicationPath = (institute: string, temporaryId: string) =>
  `${institutePath(institute)}/applications/${enc(temporaryId)}`

export const uploadPath = (institute: string, temporaryId: string, kind: string) =>
  `${applicationPath(institute, temporaryId)}/attachments/${enc(kind)}`

export const sendLinkPath = (institute: string, temporaryId: string) =>
  `${applicationPath(institute, temporaryId)}/send-link`

/** The online payment endpoints an applicant uses, below /api/. */
export const onlineQuotePath = (institute: string, temporaryId: string) =>
  `payments/public/${enc(institute)}/applications/${enc(temporaryId)}/quote`

export const startPaymentPath = (institute: string) => `payments/public/${enc(institute)}/intents`

export const paymentOutcomePath = (reference: string) => `payments/public/intents/${enc(reference)}`
