// The voucher suites' set-up: the demo admin's app, the chart's ids by name, and a journal poster.
import { beforeAll } from 'vitest'
import { accountIds } from './accounting.ts'
import { inFiscalYear } from './fiscal-dates.ts'
import { adminSuite } from './sign-in.ts'
import { asUser, type TestApp } from './test-app.ts'

/** The rows of a raw query, whichever driver ran it. */
export const rowsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows

export interface VoucherSuite {
  t: TestApp
  admin: string
  /** The id of the leaf account of that name. */
  leaf: (name: string) => string
  /** The id of the head account of that name. */
  head: (name: string) => string
  /** Posts a journal voucher as the admin; `extra` changes or adds to the body. */
  journal: (
    lines: object[],
    extra?: object,
    headers?: Record<string, string>,
  ) => ReturnType<typeof asUser>
}

/**
 * Registers the hooks of a voucher suite run as the demo admin, with the chart read once:
 * `voucherSuite((s) => ({ t, admin, leaf, head, journal } = s))`.
 */
export function voucherSuite(ready: (suite: VoucherSuite) => void) {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const { leaf, head } = await accountIds(t, admin)
    const journal = (lines: object[], extra: object = {}, headers: Record<string, string> = {}) =>
      asUser(
        t,
        admin,
        'POST',
        '/api/accounting/vouchers',
        {
          type: 'journal',
          date: inFiscalYear(0, '08-10'),
          narration: 'Test entry',
          lines,
          ...extra,
        },
        headers,
      )
    ready({ t, admin, leaf, head, journal })
  })
}
