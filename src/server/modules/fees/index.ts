import { maxAttachmentBytes } from '../../../shared/schemas/admission-forms.ts'
import type { Area } from '../../lib/area.ts'
import { concessionDocumentPath, concessionDocumentRoutes } from './rules/concession-documents.ts'
import { concessionSiblingRoutes } from './rules/concession-siblings.ts'
import { concessionRoutes } from './rules/concessions.ts'
import { feeConfigRoutes } from './setup/fee-configs.ts'
import { feeHeadRoutes } from './setup/fee-heads.ts'
import { feeOverrideRoutes } from './setup/fee-overrides.ts'
import { fineRuleRoutes } from './rules/fine-rules.ts'
import { fineWaiverRoutes } from './rules/fine-waivers.ts'
import { groupInvoiceRoutes } from './group-invoicing/group-invoice.ts'
import { groupInvoiceJob } from './group-invoicing/group-invoice-job.ts'
import { incomeAccountRoutes } from './setup/income-accounts.ts'
import { invoicePrintSettingsRoutes } from './printing/invoice-print-settings.ts'
import { invoicePrintRoutes } from './printing/invoice-prints.ts'
import { invoiceRoutes } from './invoices/invoices.ts'
import { paymentCycleRoutes } from './setup/payment-cycles.ts'
import { feeStructureRoutes } from './setup/structure.ts'
import { vatRateRoutes } from './rules/vat-rates.ts'

export const feesArea: Area = {
  name: 'fees',
  mounts: [
    { path: '/fees/structure', routes: feeStructureRoutes },
    { path: '/fees/heads', routes: feeHeadRoutes },
    { path: '/fees/income-accounts', routes: incomeAccountRoutes },
    { path: '/fees/payment-cycles', routes: paymentCycleRoutes },
    { path: '/fees/configs', routes: feeConfigRoutes },
    { path: '/fees/overrides', routes: feeOverrideRoutes },
    { path: '/fees/vat-rates', routes: vatRateRoutes },
    { path: '/fees/fine-rules', routes: fineRuleRoutes },
    { path: '/fees/concessions', routes: concessionRoutes },
    { path: '/fees/concessions', routes: concessionSiblingRoutes },
    { path: '/fees/concessions', routes: concessionDocumentRoutes },
    { path: '/fees/invoices', routes: invoiceRoutes },
    { path: '/fees/invoices', routes: fineWaiverRoutes },
    { path: '/fees/group-invoice', routes: groupInvoiceRoutes },
    { path: '/fees/invoice-print-settings', routes: invoicePrintSettingsRoutes },
    { path: '/fees/invoice-prints', routes: invoicePrintRoutes },
  ],
  jobKinds: (jobs) => jobs.register(groupInvoiceJob),
  bodyLimits: [
    // A concession's document; its route checks it against the attachment limit.
    {
      method: 'PUT',
      path: concessionDocumentPath,
      maxBytes: maxAttachmentBytes + 64 * 1024,
      code: 'payload_too_large',
    },
  ],
  idempotencySubjects: ['invoice', 'fine_waiver', 'group_invoice_run'],
}
