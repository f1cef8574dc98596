import { randomBytes } from 'node:crypto'

/**
 * 16 random bytes: 22 characters of base64url, guessed by nobody. Drawn again when it would
 * start with `-` or `_`: a leading `-` reads as a formula to spreadsheets, so the export
 * (`neutralised`) would have to quote it, and a pasted id would no longer match.
 */
export function newTemporaryId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url')
    if (/^[A-Za-z0-9]/.test(id)) return id
  }
}
