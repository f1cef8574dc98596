import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { exportStatuses } from '../../shared/messages/applicant-export.ts'
import { homePageName } from './home-pages.ts'
import { actionLabels, auditFieldLabels, permissionLabels, readable } from './labels.ts'

/** A user's statuses, and an applicant's as the applicants' export names them. */
const statusWords: Record<string, MessageDescriptor> = {
  active: msg`Active`,
  inactive: msg`Inactive`,
  ...exportStatuses,
}

/** A recorded role rule (`read coa`, `manage all`) as the roles page names it. */
function ruleName(i18n: I18n, rule: string): string {
  const [action = '', subject = ''] = rule.split(' ')
  if (action === 'manage' && subject === 'all') return i18n._(msg`Everything`)
  const what = permissionLabels[subject as keyof typeof permissionLabels]
  const how =
    action === 'manage' ? msg`All actions` : actionLabels[action as keyof typeof actionLabels]
  return what && how ? `${i18n._(how)}: ${i18n._(what)}` : rule
}

/** An audit entry's field name in the reader's language. */
export function auditFieldName(i18n: I18n, field: string): string {
  const label = auditFieldLabels[field]
  return label ? i18n._(label) : readable(field)
}

/** A recorded value as a person reads it: yes/no, page and permission names, month names. */
export function auditValue(i18n: I18n, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—'
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`)
  if (field === 'homeRoute' && typeof value === 'string') return homePageName(i18n, value)
  if (field === 'rules' && Array.isArray(value))
    return value.map((rule) => ruleName(i18n, String(rule))).join(', ')
  if (field === 'status' && typeof value === 'string' && statusWords[value])
    return i18n._(statusWords[value])
  if (field === 'fiscalYearStartMonth' && typeof value === 'number')
    return new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(2000, value - 1, 1),
    )
  if (Array.isArray(value)) return value.join(', ')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
