import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { NavItem } from '../../components/layout/nav-items.ts'

/**
 * What each page is for, in a line, in the order the dashboard offers them: daily work first.
 * Every page of the menu but the dashboard itself has one (shortcuts.test.ts checks), so none
 * is left out of "Get started".
 */
const purposes: Partial<Record<NavItem['to'], MessageDescriptor>> = {
  '/payment-collection': msg`Take fees at the counter and print the receipt.`,
  '/payment-collection/day': msg`Count the drawer and close the cashier's day.`,
  '/advance-override': msg`See families' advances and approve their use.`,
  '/paid-report': msg`See what was collected in a period, by day, class, head, method or cashier.`,
  '/due-report': msg`See who owes what as of a day, with fines and aging, and call them.`,
  '/student-ledger': msg`Follow one student's fees and payments, and print their guardian's statement.`,
  '/head-wise-ledger': msg`Follow each fee head from what was owed to what is owed over a period.`,
  '/head-wise-summaries': msg`Compare fee heads by class or month: billed, collected and due.`,
  '/vouchers': msg`Record receipts, payments and journal entries.`,
  '/vouchers/ledger': msg`See every posting to an account over a period.`,
  '/vouchers/trial-balance': msg`Check that the books balance, account by account.`,
  '/coa': msg`Add, rename and group the institute's accounts.`,
  '/coa-mapping': msg`Choose which accounts fees, cash and banks post to.`,
  '/coa-config': msg`Set the fiscal year, voucher numbering and the lock date.`,
  '/std-fee-config': msg`Set up fee heads and what each class pays per session.`,
  '/payment-cycle-config': msg`Set when recurring fees are issued and due in a session.`,
  '/student-concessions': msg`Request and approve students' concessions.`,
  '/group-invoice': msg`Invoice a class or campus for a period's fees at once.`,
  '/fintech': msg`Follow the payments made online, and review those held.`,
  '/franchise-revenue': msg`See the platform's share of online payments over a period.`,
  '/fintech-merchant': msg`Add the institute's accounts at payment gateways.`,
  '/merchant-settlement-account': msg`Choose the bank each gateway account pays into.`,
  '/fintech-institute-service': msg`Choose what can be paid online and who bears the charge.`,
  '/institute-campus-merchant-service': msg`Choose which gateway account collects for each campus.`,
  '/fintech-service': msg`See what can be paid online and where its money goes.`,
  '/fintech-service-provider': msg`See the payment gateways and what each can do.`,
  '/students': msg`Find, enrol and look after the institute's students.`,
  '/admission-applicants': msg`Review applications, decide and enrol.`,
  '/admission-forms': msg`Publish admission forms and their questions.`,
  '/sms-notification': msg`Write the SMS templates guardians and applicants get.`,
  '/institute-settings': msg`Set the institute's name, logo, public address and currency.`,
  '/students/promote': msg`Move students on to the next session, class by class.`,
  '/config-fine-management': msg`Set the late fees charged on overdue lines.`,
  '/vat-config': msg`Set each fee head's VAT rate and when it applies.`,
  '/invoice-print-settings': msg`Choose how invoices print: paper, copies and language.`,
  '/campuses': msg`Add and manage the institute's campuses.`,
  '/academic-structure': msg`Set up sessions, classes, groups, sections and shifts.`,
  '/access-control': msg`Add staff, reset passwords and give roles.`,
  '/oisacl-roles': msg`Decide what each role may see and do.`,
  '/audits': msg`See who changed what, and when.`,
  '/institutes': msg`Open, suspend and work in the platform's institutes.`,
}

interface Shortcut {
  item: NavItem
  purpose: MessageDescriptor
}

/** The pages among `items` that have a purpose, daily work first, set-up and administration last. */
export const shortcutsFor = (items: NavItem[]): Shortcut[] =>
  Object.entries(purposes).flatMap(([to, purpose]) => {
    const item = items.find((i) => i.to === to)
    return item ? [{ item, purpose }] : []
  })
