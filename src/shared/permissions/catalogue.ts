/**
 * Every permission the product knows, as the subjects of CASL rules, grouped by product area
 * (the areas of DESIGN §3). A role holds actions on these subjects; `manage` means every action.
 * The route table, the server's endpoints and the role editor all use these names.
 */
export const permissionAreas = {
  dashboard: ['dashboard'],
  access: ['ACL', 'oisacl-roles', 'audits'],
  institutes: ['institute', 'students'],
  accounting: ['coa', 'coa-mapping', 'coa-config', 'getVouchers'],
  fees: [
    'std-fee-config',
    'payment-cycle-config',
    'vat-config',
    'config-fine-management',
    'student-concessions',
    // Approving others' concession requests (maker–checker) and waiving fines: rights of their own.
    'concession-approval',
    'fine-waiver',
    'group-invoice',
    'invoice-print-settings',
  ],
  // Reopening a closed cashier's day undoes its closing's postings: a right of its own.
  collection: ['payment-collection', 'advance-override', 'receipt-cancel', 'day-reopen'],
  reports: [
    'paid-report',
    'due-report',
    'student-ledger',
    'head-wise-ledger',
    'head-wise-summaries',
  ],
  // Recording an application fee paid by bank deposit posts a voucher: a right of its own.
  admission: ['admission', 'admission-fee'],
  payments: [
    'fintech-service',
    'fintech',
    'fintech-service-provider',
    'merchant-settlement-account',
    'fintech-institute-service',
    'ins-fintech',
    'fintech-merchant',
    'franchise-revenue',
    // Giving money back posts a reversal and moves money at the gateway: a right of its own.
    'payment-refund',
  ],
  salary: ['salary-disbursements'],
  sms: ['sms-notification'],
  resources: ['resourceSharing', 'customResource'],
  curriculum: ['migration'],
} as const

export type PermissionArea = keyof typeof permissionAreas
export type Permission = (typeof permissionAreas)[PermissionArea][number]

export const permissionAreaNames = Object.keys(permissionAreas) as PermissionArea[]
export const permissions: Permission[] = permissionAreaNames.flatMap((a) => permissionAreas[a])

export const isPermission = (value: string): value is Permission =>
  (permissions as string[]).includes(value)

/**
 * The areas whose screens exist. The role editor and the audit filters offer only these; an area
 * joins this list when its first screen lands (a role's rules on other areas are kept as stored).
 */
export const builtAreas = [
  'dashboard',
  'access',
  'institutes',
  'accounting',
  'admission',
  'fees',
  'collection',
  'payments',
] as const satisfies readonly PermissionArea[]

export const isBuiltArea = (area: string): boolean =>
  (builtAreas as readonly string[]).includes(area)

/** The actions a role editor offers per permission; `manage` is all four at once. */
export const grantableActions = ['read', 'create', 'update', 'delete'] as const
export type GrantableAction = (typeof grantableActions)[number]
