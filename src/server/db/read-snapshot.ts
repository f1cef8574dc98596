/**
 * A report's reads in one snapshot of the books (a read-only repeatable-read transaction): a
 * document posted between two of its reads would otherwise make the report and the ledger it
 * is checked against differ for a moment on PostgreSQL.
 */
export const readSnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const
