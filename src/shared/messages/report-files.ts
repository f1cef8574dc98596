import type { MessageDescriptor } from '@lingui/core'
import type { HeadLedgerLine, LedgerEntryKind } from '../schemas/reports.ts'

/*
 * The words of the reports' files (CSV, XLSX), which the server writes in the language of the
 * staff member who asked for them: the same Lingui catalogs as the screens (plain descriptors
 * with ids, read on the server without a macro).
 */

export const reportSheets = {
  due: /*i18n*/ { id: 'report.sheet.due', message: 'Due report' },
  paid: /*i18n*/ { id: 'report.sheet.paid', message: 'Paid report' },
  ledger: /*i18n*/ { id: 'report.sheet.ledger', message: 'General ledger' },
  trialBalance: /*i18n*/ { id: 'report.sheet.trial_balance', message: 'Trial balance' },
  cashierDay: /*i18n*/ { id: 'report.sheet.cashier_day', message: 'Cashier’s day' },
  studentLedger: /*i18n*/ { id: 'report.sheet.student_ledger', message: 'Student ledger' },
  headLedger: /*i18n*/ { id: 'report.sheet.head_ledger', message: 'Head-wise ledger' },
  headSummaries: /*i18n*/ { id: 'report.sheet.head_summaries', message: 'Head-wise summaries' },
  franchiseRevenue: /*i18n*/ {
    id: 'report.sheet.franchise_revenue',
    message: 'Franchise revenue',
  },
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
  date: /*i18n*/ { id: 'report.column.date', message: 'Date' },
  reference: /*i18n*/ { id: 'report.column.reference', message: 'Reference' },
  narration: /*i18n*/ { id: 'report.column.narration', message: 'Narration' },
  memo: /*i18n*/ { id: 'report.column.memo', message: 'Line memo' },
  debit: /*i18n*/ { id: 'report.column.debit', message: 'Debit' },
  credit: /*i18n*/ { id: 'report.column.credit', message: 'Credit' },
  balance: /*i18n*/ { id: 'report.column.balance', message: 'Balance' },
  glCode: /*i18n*/ { id: 'report.column.gl_code', message: 'GL code' },
  account: /*i18n*/ { id: 'report.column.account', message: 'Account' },
  accountType: /*i18n*/ { id: 'report.column.account_type', message: 'Type' },
  amount: /*i18n*/ { id: 'report.column.amount', message: 'Amount' },
  cancelledOn: /*i18n*/ { id: 'report.column.cancelled_on', message: 'Cancelled on' },
  entry: /*i18n*/ { id: 'report.column.entry', message: 'Entry' },
  document: /*i18n*/ { id: 'report.column.document', message: 'Document' },
  advanceMovement: /*i18n*/ { id: 'report.column.advance_movement', message: 'Advance' },
  advanceBalance: /*i18n*/ { id: 'report.column.advance_balance', message: 'Advance held' },
  waived: /*i18n*/ { id: 'report.column.waived', message: 'Fine waived' },
  openingDue: /*i18n*/ { id: 'report.column.opening_due', message: 'Opening due' },
  billed: /*i18n*/ { id: 'report.column.billed', message: 'Billed' },
  concessions: /*i18n*/ { id: 'report.column.concessions', message: 'Concessions' },
  vatAdded: /*i18n*/ { id: 'report.column.vat_added', message: 'VAT added' },
  cancelledInvoices: /*i18n*/ {
    id: 'report.column.cancelled_invoices',
    message: 'Invoices cancelled',
  },
  collected: /*i18n*/ { id: 'report.column.collected', message: 'Collected' },
  institute: /*i18n*/ { id: 'report.column.institute', message: 'Institute' },
  service: /*i18n*/ { id: 'report.column.service', message: 'Service' },
  payments: /*i18n*/ { id: 'report.column.payments', message: 'Payments' },
  franchiseShare: /*i18n*/ { id: 'report.column.franchise_share', message: 'Platform’s share' },
  currency: /*i18n*/ { id: 'report.column.currency', message: 'Currency' },
  cancelledReceipts: /*i18n*/ {
    id: 'report.column.cancelled_receipts',
    message: 'Receipts cancelled',
  },
  closingDue: /*i18n*/ { id: 'report.column.closing_due', message: 'Closing due' },
  finesPaid: /*i18n*/ { id: 'report.column.fines_paid', message: 'Fines paid' },
  notInClass: /*i18n*/ { id: 'report.column.not_in_class', message: 'Not in a class' },
} satisfies Record<string, MessageDescriptor>

/** The documents a head-wise ledger's figure is made of, as its lines (screen and file) name them. */
export const headLedgerLineKinds = {
  invoice: /*i18n*/ { id: 'report.line.invoice', message: 'Invoice' },
  concessionNote: /*i18n*/ { id: 'report.line.concession_note', message: 'Concession credit note' },
  creditNote: /*i18n*/ {
    id: 'report.line.credit_note',
    message: 'Credit note (cancelled invoice)',
  },
  receipt: /*i18n*/ { id: 'report.line.receipt', message: 'Receipt' },
  cancelledReceipt: /*i18n*/ { id: 'report.line.cancelled_receipt', message: 'Receipt cancelled' },
} satisfies Record<HeadLedgerLine['kind'], MessageDescriptor>

/** The rows a ledger's file adds around its lines. */
export const ledgerRows = {
  opening: /*i18n*/ { id: 'report.ledger.opening', message: 'Opening balance' },
  closing: /*i18n*/ { id: 'report.ledger.closing', message: 'Closing balance' },
  total: /*i18n*/ { id: 'report.total', message: 'Total' },
} satisfies Record<string, MessageDescriptor>

/** The five kinds of account, as a trial balance's file names them. */
export const accountTypeNames = {
  asset: /*i18n*/ { id: 'report.account_type.asset', message: 'Assets' },
  liability: /*i18n*/ { id: 'report.account_type.liability', message: 'Liabilities' },
  equity: /*i18n*/ { id: 'report.account_type.equity', message: 'Equity' },
  income: /*i18n*/ { id: 'report.account_type.income', message: 'Income' },
  expense: /*i18n*/ { id: 'report.account_type.expense', message: 'Expenses' },
} satisfies Record<string, MessageDescriptor>

/** A student ledger's rows as its screen, statement and files name them. */
export const ledgerEntryNames = {
  opening: ledgerRows.opening,
  closing: ledgerRows.closing,
  invoice: /*i18n*/ { id: 'report.ledger.invoice', message: 'Invoice' },
  concession: /*i18n*/ { id: 'report.ledger.concession', message: 'Concession' },
  cancellation: /*i18n*/ { id: 'report.ledger.cancellation', message: 'Invoice cancelled' },
  fine: /*i18n*/ { id: 'report.ledger.fine', message: 'Fine charged' },
  payment: /*i18n*/ { id: 'report.ledger.payment', message: 'Payment' },
  advancePayment: /*i18n*/ {
    id: 'report.ledger.advance_payment',
    message: 'Paid from the advance',
  },
  paymentCancelled: /*i18n*/ {
    id: 'report.ledger.payment_cancelled',
    message: 'Receipt cancelled',
  },
  fineCancelled: /*i18n*/ {
    id: 'report.ledger.fine_cancelled',
    message: 'Fine taken back with its receipt',
  },
  waiver: /*i18n*/ { id: 'report.ledger.waiver', message: 'Fine waived' },
  advanceDeposit: /*i18n*/ {
    id: 'report.ledger.advance_deposit',
    message: 'Paid into the advance',
  },
  advanceUsed: /*i18n*/ { id: 'report.ledger.advance_used', message: 'Advance used' },
  advanceCancelled: /*i18n*/ {
    id: 'report.ledger.advance_cancelled',
    message: 'Advance movement of a cancelled receipt',
  },
  advanceRefund: /*i18n*/ { id: 'report.ledger.advance_refund', message: 'Advance refunded' },
  advanceTransfer: /*i18n*/ {
    id: 'report.ledger.advance_transfer',
    message: 'Advance transferred',
  },
} satisfies Record<LedgerEntryKind | 'opening' | 'closing', MessageDescriptor>

/** The services paid online, as a franchise revenue file names them. */
export const paymentServiceNames = {
  admission_fee: /*i18n*/ { id: 'report.service.admission_fee', message: 'Admission fee' },
  dues: /*i18n*/ { id: 'report.service.dues', message: 'Student dues' },
} satisfies Record<string, MessageDescriptor>
