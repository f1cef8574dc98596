import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GrantableAction, Permission } from '../../shared/permissions/catalogue.ts'
import type { auditAreas } from '../../shared/schemas/access.ts'

export const permissionLabels: Record<Permission, MessageDescriptor> = {
  dashboard: msg`Dashboard`,
  ACL: msg`Users`,
  'oisacl-roles': msg`Roles and permissions`,
  audits: msg`Audit log`,
  institute: msg`Institute, campuses and academic structure`,
  students: msg`Students`,
  coa: msg`Chart of accounts`,
  'coa-mapping': msg`COA mapping`,
  'coa-config': msg`COA configuration`,
  getVouchers: msg`Vouchers`,
  'std-fee-config': msg`Fee set-up`,
  'payment-cycle-config': msg`Payment cycles`,
  'vat-config': msg`VAT`,
  'config-fine-management': msg`Fines`,
  'student-concessions': msg`Concessions`,
  'group-invoice': msg`Group invoices`,
  'invoice-print-settings': msg`Invoice print settings`,
  'payment-collection': msg`Counter collection`,
  'advance-override': msg`Advance override`,
  'paid-report': msg`Paid report`,
  'due-report': msg`Due report`,
  'student-ledger': msg`Student ledger`,
  'head-wise-ledger': msg`Head-wise ledger`,
  'head-wise-summaries': msg`Head-wise summaries`,
  admission: msg`Admission forms and applicants`,
  'fintech-service': msg`Fintech services`,
  fintech: msg`Fintech`,
  'fintech-service-provider': msg`Service providers`,
  'merchant-settlement-account': msg`Merchant settlement accounts`,
  'fintech-institute-service': msg`Institute services`,
  'ins-fintech': msg`Campus merchant services`,
  'fintech-merchant': msg`Merchants`,
  'franchise-revenue': msg`Franchise revenue`,
  'salary-disbursements': msg`Salary disbursements`,
  'sms-notification': msg`SMS notifications`,
  resourceSharing: msg`Resource sharing`,
  customResource: msg`Resource documents and permissions`,
  migration: msg`Booklist, syllabus and lesson plan migration`,
}

export const areaLabels: Record<(typeof auditAreas)[number], MessageDescriptor> = {
  auth: msg`Sign-in and sessions`,
  dashboard: msg`Dashboard`,
  access: msg`Access control`,
  institutes: msg`Institute and students`,
  accounting: msg`Accounting`,
  fees: msg`Fees`,
  collection: msg`Collection`,
  reports: msg`Reports`,
  admission: msg`Admission`,
  payments: msg`Online payments`,
  salary: msg`Salary`,
  sms: msg`SMS`,
  resources: msg`Resource sharing`,
  curriculum: msg`Curriculum`,
}

export const actionLabels: Record<GrantableAction, MessageDescriptor> = {
  read: msg`View`,
  create: msg`Create`,
  update: msg`Edit`,
  delete: msg`Delete`,
}

/** What the audit log's actions mean; an action not listed here is shown readably as itself. */
export const auditActionLabels: Record<string, MessageDescriptor> = {
  login: msg`Signed in`,
  login_failed: msg`Failed sign-in`,
  logout: msg`Signed out`,
  impersonate: msg`Acted as another user`,
  create: msg`Created`,
  update: msg`Changed`,
  delete: msg`Deleted`,
  deactivate: msg`Deactivated`,
  reactivate: msg`Reactivated`,
  suspend: msg`Suspended`,
  password_reset: msg`Password reset with a code`,
  password_reset_by_admin: msg`Password reset by an administrator`,
  permissions_changed: msg`Permissions changed`,
  password_changed: msg`Password changed`,
  initial_password_set: msg`First password chosen`,
  session_revoked: msg`Session ended`,
  refresh_token_reused: msg`Stolen session token refused`,
  register: msg`Institute registered`,
  move: msg`Moved`,
  reverse: msg`Reversed`,
  publish: msg`Published`,
  unpublish: msg`Publication withdrawn`,
  close: msg`Closed`,
  open: msg`Reopened`,
  submit: msg`Application sent`,
  upload_attachment: msg`Attachment uploaded`,
  review: msg`Taken into review`,
  accept: msg`Accepted`,
  reject: msg`Rejected`,
  enrol: msg`Enrolled`,
}

/** The kinds of record the audit log names; a kind not listed here is shown readably as itself. */
export const auditEntityLabels: Record<string, MessageDescriptor> = {
  user: msg`User`,
  role: msg`Role`,
  session: msg`Sign-in session`,
  institute: msg`Institute`,
  account: msg`Account`,
  coa_mapping: msg`COA mapping`,
  coa_config: msg`COA configuration`,
  voucher: msg`Voucher`,
  admission_form: msg`Admission form`,
  applicant: msg`Applicant`,
}

/** An internal word as people would write it: `upload_attachment` → "Upload attachment". */
export function readable(code: string): string {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The fields audit entries record, by the names the screens use; others are shown readably. */
export const auditFieldLabels: Record<string, MessageDescriptor> = {
  username: msg`Username`,
  fullName: msg`Full name`,
  email: msg`Email`,
  phone: msg`Phone`,
  status: msg`Status`,
  roles: msg`Roles`,
  name: msg`Name`,
  homeRoute: msg`Home page`,
  rules: msg`Permissions`,
  glCode: msg`Account code`,
  isActive: msg`Active`,
  parent: msg`Parent account`,
  account: msg`Account`,
  reference: msg`Reference`,
  date: msg`Date`,
  narration: msg`Narration`,
  lines: msg`Lines`,
  levelDigits: msg`Digits per level`,
  fiscalYearStartMonth: msg`Fiscal year starts in`,
  lockDate: msg`Books closed through`,
  title: msg`Title`,
  academicSession: msg`Academic session`,
  className: msg`Class`,
  groupName: msg`Group`,
  opensOn: msg`Opens on`,
  closesOn: msg`Closes on`,
  fee: msg`Application fee`,
  requiredFields: msg`Required fields`,
  questions: msg`Questions`,
  attachments: msg`Attachments`,
  published: msg`Published`,
  closed: msg`Closed`,
  form: msg`Form`,
  applicantName: msg`Applicant`,
  temporaryId: msg`Tracking reference`,
  kind: msg`Kind`,
  fileName: msg`File name`,
  contentType: msg`File type`,
  size: msg`Size`,
  sha256: msg`Checksum (SHA-256)`,
  login: msg`Name given at sign-in`,
  impersonated: msg`Acted as`,
  session: msg`Sign-in session`,
  slug: msg`Address name`,
  admin: msg`Administrator`,
  mustChangePassword: msg`Must choose a new password`,
  signedOutEverywhere: msg`Signed out everywhere`,
}
