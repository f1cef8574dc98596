/** The rows of a raw `db.execute(sql…)` answer: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
