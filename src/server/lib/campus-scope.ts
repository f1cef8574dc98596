import { sql, type SQL } from 'drizzle-orm'
import type { LedgerAgreement } from '../../shared/schemas/reports.ts'
import type { AuthContext } from '../app-env.ts'
import { forbidden } from './auth.ts'
import { pgArray } from './sql-arrays.ts'

/*
 * Campus scope (README "Campus scope"): a user limited to some campuses of their institute reads
 * only those campuses' figures. A report read narrows its rows through `inCampusScope`, with the
 * scope `campusScope` gives for the caller (checking the campus their filters chose).
 */

export interface CampusScope {
  /** The campuses the reader may see, or null for every campus of the institute. */
  campusIds: string[] | null
  /** Whether the reader is limited to some campuses (their figures are not the institute's). */
  limited: boolean
}

/**
 * The campuses a read may show the caller (every one for a caller not limited), having checked
 * the campus their filters chose, if any: one outside theirs is refused (403
 * `campus_out_of_scope`), not shown empty. The read keeps its campus filter as it was.
 */
export function campusScope(auth: Pick<AuthContext, 'campusIds'>, campusId?: string): CampusScope {
  const own = auth.campusIds
  if (campusId && own && !own.includes(campusId)) throw forbidden('campus_out_of_scope')
  return { campusIds: own, limited: own !== null }
}

/** The condition keeping the rows whose campus (`column`, a row's campus_id) is in scope. */
export const inCampusScope = (scope: CampusScope, column: SQL): SQL =>
  scope.campusIds === null ? sql`true` : sql`${column} = any(${pgArray(scope.campusIds)}::uuid[])`

/**
 * A report's agreement with the ledger as the caller may see it. Vouchers carry no campus, so
 * the check is always the whole institute's: a reader limited to campuses learns whether it
 * holds, never its figures (the institute's totals are beyond their campuses).
 */
export function agreementFor(
  scope: CampusScope,
  reportMinor: number,
  ledgerMinor: number | null,
): LedgerAgreement {
  const agrees = ledgerMinor === reportMinor
  if (!scope.limited) return { reportMinor, ledgerMinor, agrees }
  return {
    reportMinor: null,
    ledgerMinor: null,
    agrees,
    withheld: { mapped: ledgerMinor !== null },
  }
}
