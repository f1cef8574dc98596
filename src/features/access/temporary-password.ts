// No 0/O, 1/l/I: the password is read out or copied by hand.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A random temporary password for a user who will replace it at first sign-in. */
export function temporaryPassword(length = 14): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length))
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
