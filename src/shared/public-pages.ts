/** The status pages (spec §2's error and status pages), public pages too. */
export const statusPagePaths = [
  '/error-404',
  '/pages/miscellaneous/coming-soon',
  '/pages/miscellaneous/not-authorized',
  '/pages/miscellaneous/error',
  '/miscellaneous/under-maintenance',
  '/miscellaneous/connection-error',
] as const

/** The staff account's guest pages (spec §4's registration and recovery), public pages too. */
export const accountPagePaths = [
  '/register',
  '/forgot-username-password',
  '/forgot-username',
  '/forgot-password',
  '/recover-identity',
  '/otp-verify',
  '/reset-password',
] as const

/**
 * The pages the server renders for a first visit and the service worker handles apart from the
 * staff app: /admission/<institute>[/<form>[/temporaryId/<id>[/attachment]]], /login,
 * /receipt/verify/<code>, the online payment's pages (/admission/payment/<institute>/
 * online-payment, /payment/successful|failed/<institute>), the student invoice page
 * (/student/invoice?institute=<institute>), the account's guest pages and the status pages
 * (src/public-app).
 */
export const publicPagePath = new RegExp(
  String.raw`^\/(admission\/[^/]+(\/[^/]+(\/temporaryId\/[^/]+(\/attachment)?)?)?|admission\/payment\/[^/]+\/online-payment|payment\/(successful|failed)\/[^/]+|student\/invoice|login|receipt\/verify\/[^/]+|` +
    [...accountPagePaths, ...statusPagePaths].map((path) => path.slice(1)).join('|') +
    String.raw`)\/?$`,
)

/**
 * Public pages of which the service worker keeps no copy: a receipt's verification and a
 * payment say what the server says now, never what it said on an earlier visit (a receipt
 * cancelled since, a payment confirmed since); a student's invoices are nobody's to keep.
 */
export const unkeptPublicPagePath =
  /^\/(receipt\/verify\/|admission\/payment\/|payment\/|student\/invoice)/

const enc = encodeURIComponent

/** An institute's admission page: its open forms. */
export const institutePagePath = (institute: string) => `/admission/${enc(institute)}`

/** An admission form's page. */
export const formPagePath = (institute: string, formId: string) =>
  `${institutePagePath(institute)}/${enc(formId)}`

/** An application's page, whose address is the applicant's only key to it. */
export const applicationPagePath = (institute: string, formId: string, temporaryId: string) =>
  `${formPagePath(institute, formId)}/temporaryId/${enc(temporaryId)}`

/** Where an applicant sends the attachments an application still lacks. */
export const attachmentPagePath = (institute: string, formId: string, temporaryId: string) =>
  `${applicationPagePath(institute, formId, temporaryId)}/attachment`

/** The page that pays an application's fee online. */
export const onlinePaymentPagePath = (institute: string, formId: string, temporaryId: string) =>
  `/admission/payment/${enc(institute)}/online-payment?${new URLSearchParams({ form: formId, application: temporaryId })}`

/** The student invoice page of an institute, the student ID filled in when one is given. */
export const studentInvoicePath = (institute: string, student?: string) =>
  `/student/invoice?${new URLSearchParams({ institute, ...(student && { student }) })}`

/** The public page that verifies a receipt by the code printed on it (its QR code holds it). */
export const receiptVerificationPath = (code: string) => `/receipt/verify/${code}`
