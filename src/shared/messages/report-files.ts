import type { MessageDescriptor } from '@lingui/core'

/*
 * The words of the reports' files (CSV, XLSX), which the server writes in the language of the
 * staff member who asked for them: the same Lingui catalogs as the screens (plain descriptors
 * with ids, read on the server without a macro).
 */

export const reportSheets = {
  due: /*i18n*/ { id: 'report.sheet.due', message: 'Due report' },
  paid: /*i18n*/ { id: 'report.sheet.paid', message: 'Paid report' },
} satisfies Record<string, MessageDescriptor>

export const reportColumns = {
  studentId: /*i18n*/ { id: 'report.column.student_id', message: 'Student ID' },
  student: /*i18n*/ { id: 'report.column.student', message: 'Student' },
  class: /*i18n*/ { id: 'report.column.class', message: 'Class' },
  section: /*i18n*/ { id: 'report.column.section', message: 'Section' },
  roll: /*i18n*/ { id: 'report.column.roll', message: 'Roll' },
  guardianPhone: /*i18n*/ { id: 'report.column.guardian_phone', message: 'Guardian’s phone' },
  invoice: /*i18n*/ { id: 'report.column.invoice', message: 'Invoice' },
  feeHead: /*i18n*/ { id: 'report.column.fee_head', message: 'Fee head' },
  period: /*i18n*/ { id: 'report.column.period', message: 'Period' },
  dueDate: /*i18n*/ { id: 'report.column.due_date', message: 'Due date' },
  aging: /*i18n*/ { id: 'report.column.aging', message: 'Overdue' },
  principal: /*i18n*/ { id: 'report.column.principal', message: 'Due' },
  fine: /*i18n*/ { id: 'report.column.fine', message: 'Fine accrued' },
  receipt: /*i18n*/ { id: 'report.column.receipt', message: 'Receipt' },
  receivedOn: /*i18n*/ { id: 'report.column.received_on', message: 'Received on' },
  payer: /*i18n*/ { id: 'report.column.payer', message: 'Paid by' },
  cashier: /*i18n*/ { id: 'report.column.cashier', message: 'Cashier' },
  methods: /*i18n*/ { id: 'report.column.methods', message: 'Paid by way of' },
  received: /*i18n*/ { id: 'report.column.received', message: 'Money received' },
  advance: /*i18n*/ { id: 'report.column.advance', message: 'From advances' },
  status: /*i18n*/ { id: 'report.column.status', message: 'Status' },
  issued: /*i18n*/ { id: 'report.status.issued', message: 'Issued' },
  cancelled: /*i18n*/ { id: 'report.status.cancelled', message: 'Cancelled' },
} satisfies Record<string, MessageDescriptor>

/** The aging buckets as a file names them (the screens say the same). */
export const agingBucketNames = {
  notDue: /*i18n*/ { id: 'report.aging.not_due', message: 'Not yet due' },
  days0to30: /*i18n*/ { id: 'report.aging.days_0_30', message: '0–30 days' },
  days31to60: /*i18n*/ { id: 'report.aging.days_31_60', message: '31–60 days' },
  days61to90: /*i18n*/ { id: 'report.aging.days_61_90', message: '61–90 days' },
  over90: /*i18n*/ { id: 'report.aging.over_90', message: 'Over 90 days' },
} satisfies Record<string, MessageDescriptor>
