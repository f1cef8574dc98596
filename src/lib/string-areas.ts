/**
 * The staff areas whose strings load with their pages rather than with the app: each is a
 * catalog of its own (lingui.config.ts), named here, made of the strings of the feature folder
 * it names. A staff route names the areas it shows in its `staticData.strings`.
 */
export const staffStringAreas = {
  // The account's guest pages (registering, recovery): public pages that show them name it too.
  account: 'auth/guest',
  access: 'access',
  accounting: 'accounting',
  'admission-staff': 'admission/staff',
  dashboard: 'dashboard',
  fees: 'fees',
  institutes: 'institutes',
  collection: 'collection',
  offline: 'offline',
  payments: 'payments',
  reports: 'reports',
  sms: 'sms',
  students: 'students',
} as const

export type StringArea = keyof typeof staffStringAreas
