/*
 * How long an SMS is, as a phone network counts it (3GPP TS 23.038 and 23.040): the one function
 * the template screen and the server both use, so what the screen says a message costs is what
 * the server debits.
 */

/** GSM 03.38's basic character set: each is one 7-bit septet. */
const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
)
/** Its extension table: each is an escape and the character, two septets. */
const gsmExtension = new Set('^{}\\[~]|€\f')

export type SmsEncoding = 'gsm7' | 'ucs2'

export interface SmsLength {
  /** GSM-7 when every character is in its tables; one character outside switches the whole. */
  encoding: SmsEncoding
  /** Characters as a reader counts them (a character beyond U+FFFF is one). */
  characters: number
  /** What the message takes: septets (an extension character two), or UTF-16 code units. */
  units: number
  /** Messages the network sends and the provider charges for; 0 for no text. */
  segments: number
  /** Units one segment holds: 160 or 70 alone, 153 or 67 once a header joins the parts. */
  perSegment: number
  /** Units the last segment has left. */
  remaining: number
}

const capacity = {
  gsm7: { single: 160, multipart: 153 },
  ucs2: { single: 70, multipart: 67 },
} as const

/** Whether every character of `text` is one GSM-7 carries. */
export const isGsm7 = (text: string) =>
  [...text].every((c) => gsmBasic.has(c) || gsmExtension.has(c))

/**
 * The length of an SMS of `text`. A part never splits what belongs together, as phones and
 * providers split: an extension character's escape and the character, or the two halves of a
 * character beyond U+FFFF, so a long message may take a part more than its units suggest.
 */
export function smsLength(text: string): SmsLength {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2'
  const characters = [...text]
  const sizes = characters.map((c) =>
    encoding === 'gsm7' ? (gsmExtension.has(c) ? 2 : 1) : c.length,
  )
  const units = sizes.reduce((sum, size) => sum + size, 0)
  const { single, multipart } = capacity[encoding]
  if (units <= single) {
    return {
      encoding,
      characters: characters.length,
      units,
      segments: units === 0 ? 0 : 1,
      perSegment: single,
      remaining: single - units,
    }
  }
  let segments = 1
  let used = 0
  for (const size of sizes) {
    if (used + size > multipart) {
      segments += 1
      used = 0
    }
    used += size
  }
  return {
    encoding,
    characters: characters.length,
    units,
    segments,
    perSegment: multipart,
    remaining: multipart - used,
  }
}
