import type { Db } from '../../../db/client.ts'

/** Invoices just written and posted, each with its student. */
interface WrittenInvoice {
  invoiceId: string
  studentId: string
}

/** What an area does in the transaction that wrote invoices, right after them. */
type InvoicesWrittenHook = (
  tx: Db,
  instituteId: string,
  written: WrittenInvoice[],
  by: string | null,
) => Promise<void>

const hooks = new Set<InvoicesWrittenHook>()

/**
 * Adds a hook run after every invoice write: areas building on fees add theirs as the app is
 * composed (collection applies advances), so fees never calls into them. A hook added again
 * (another app in the same process) still runs once.
 */
export function onInvoicesWritten(hook: InvoicesWrittenHook) {
  hooks.add(hook)
}

/** Runs the hooks, in the order added, in the writing transaction. */
export async function invoicesWritten(...args: Parameters<InvoicesWrittenHook>) {
  for (const hook of hooks) await hook(...args)
}
