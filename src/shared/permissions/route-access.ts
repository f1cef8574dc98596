import type { AppAbility } from './ability.ts'
import type { Action, Subject } from './rules.ts'
import type { Permission } from './catalogue.ts'

export interface RouteAccess {
  action: Action
  subject: Subject
  /** Open to a signed-in user only for reading their own session (§2: password change, logout). */
  signedIn?: boolean
  /** A signed-in user is sent to their home route instead (§4). */
  redirectIfLoggedIn?: boolean
  /** For platform administrators only (users.is_platform_admin), whatever their roles hold. */
  platform?: boolean
}

const open: RouteAccess = { action: 'read', subject: 'Auth' }
const guestOnly: RouteAccess = { ...open, redirectIfLoggedIn: true }
const signedIn: RouteAccess = { ...open, signedIn: true }
const permission = (subject: Permission): RouteAccess => ({ action: 'read', subject })
/** A platform page: no institute's role grants it, so it is never a role's home page. */
const platform: RouteAccess = { ...open, platform: true }

/**
 * Every route of spec §2 and what opening it needs. Client routes check it in `beforeLoad`;
 * menus are filtered with it; the server's endpoints use the same permission names.
 */
export const routeAccess = {
  // Authentication and recovery
  '/login': guestOnly,
  '/register': guestOnly,
  '/password-reset': signedIn,
  '/reset-password': guestOnly,
  '/forgot-username-password': open,
  '/forgot-username': guestOnly,
  '/forgot-password': guestOnly,
  '/recover-identity': guestOnly,
  '/otp-verify': guestOnly,
  '/profile-password-change': signedIn,
  '/saved-offline': signedIn,
  '/logout': signedIn,
  '/impersonation-setup/$accessToken': open,
  '/refresh-token-setup': open,

  // Applicants, students and guardians
  '/admission/$institute': open,
  '/admission/$institute/$formId': open,
  '/admission/$institute/$formId/temporaryId/$temporaryId': open,
  '/admission/$institute/$formId/temporaryId/$temporaryId/attachment': open,
  '/admission/payment/$institute/online-payment': open,
  '/payment/successful/$institute': open,
  '/payment/failed/$institute': open,
  '/student/invoice': open,
  // Anyone holding a receipt checks it by the code printed on it.
  '/receipt/verify/$code': open,

  // Dashboard and administration
  '/dashboard': permission('dashboard'),
  '/dashboard/analytics': permission('dashboard'),
  '/old-dashboard': permission('dashboard'),
  '/audits': permission('audits'),
  '/oisacl-roles': permission('oisacl-roles'),
  '/access-control': permission('ACL'),

  // Platform administration
  '/institutes': platform,
  // The institute
  '/institute-settings': permission('institute'),
  '/campuses': permission('institute'),
  // Institute set-up
  '/academic-structure': permission('institute'),
  // Students
  '/students': permission('students'),
  '/students/$studentId': permission('students'),
  '/students/promote': { action: 'update', subject: 'students' },

  // Admission office
  '/admission-forms': permission('admission'),
  '/admission-applicants': permission('admission'),
  '/admission-applicants/$applicantId': permission('admission'),
  // Importing students: a page for those who may create them
  '/students/import': { action: 'create', subject: 'students' },

  // Finance and other back-office routes: a permission named after the route unless noted
  '/coa': permission('coa'),
  '/coa-mapping': permission('coa-mapping'),
  '/vouchers': permission('getVouchers'),
  '/vouchers/$voucherId': permission('getVouchers'),
  '/vouchers/ledger': permission('getVouchers'),
  '/vouchers/trial-balance': permission('getVouchers'),
  '/coa-config': permission('coa-config'),
  '/std-fee-config': permission('std-fee-config'),
  '/payment-cycle-config': permission('payment-cycle-config'),
  '/franchise-revenue': permission('franchise-revenue'),
  '/vat-config': permission('vat-config'),
  '/fintech-service': permission('fintech-service'),
  '/fintech': permission('fintech'),
  '/fintech-service-provider': permission('fintech-service-provider'),
  '/merchant-settlement-account': permission('merchant-settlement-account'),
  '/fintech-institute-service': permission('fintech-institute-service'),
  '/institute-campus-merchant-service': permission('ins-fintech'),
  '/fintech-merchant': permission('fintech-merchant'),
  '/payment-collection': permission('payment-collection'),
  '/payment-collection/day': permission('payment-collection'),
  '/group-invoice': permission('group-invoice'),
  '/invoices/$invoiceId': permission('group-invoice'),
  '/paid-report': permission('paid-report'),
  '/due-report': permission('due-report'),
  '/student-ledger': permission('student-ledger'),
  '/head-wise-ledger': permission('head-wise-ledger'),
  '/head-wise-summaries': permission('head-wise-summaries'),
  '/advance-override': permission('advance-override'),
  '/invoice-print-settings': permission('invoice-print-settings'),
  // Printing invoices at once (a class's, or one): for those who may read invoices.
  '/invoice-prints': permission('group-invoice'),
  '/salary-disbursements': permission('salary-disbursements'),
  '/config-fine-management': permission('config-fine-management'),
  '/student-concessions': permission('student-concessions'),
  '/sms-notification': permission('sms-notification'),
  '/booklist-syllabus-lp-migration': permission('migration'),

  // Resource sharing
  '/config-resource-share-add-category': permission('resourceSharing'),
  '/config-resource-share-document-upload': permission('resourceSharing'),
  '/config-resource-share-permission-settings': permission('customResource'),
  '/config-resource-share-document-type': permission('customResource'),
  '/report-resource-share-document-list': permission('customResource'),

  // Status pages
  '/error-404': open,
  '/pages/miscellaneous/coming-soon': open,
  '/pages/miscellaneous/not-authorized': open,
  '/miscellaneous/under-maintenance': open,
  '/miscellaneous/connection-error': open,
  '/pages/miscellaneous/error': open,
} as const satisfies Record<string, RouteAccess>

export type GuardedPath = keyof typeof routeAccess

/** `/` is the dashboard (§2: `/` redirects there). */
const landingPath = (path: string): string => (path === '/' ? '/dashboard' : path)

/** The staff pages a role may have as its home route: guarded ones without parameters. */
const homeRouteChoices: string[] = [
  '/',
  ...Object.entries(routeAccess)
    .filter(([path, access]) => access.subject !== 'Auth' && !path.includes('$'))
    .map(([path]) => path),
]

/** Whether an ability may open a home route, so that sign-in never lands on not-authorized. */
export function mayLandOn(ability: AppAbility, path: string): boolean {
  const access = (routeAccess as Record<string, RouteAccess>)[landingPath(path)]
  return (
    Boolean(access) &&
    homeRouteChoices.includes(path) &&
    ability.can(access!.action, access!.subject)
  )
}
