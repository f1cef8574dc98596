import type { ErrorCode } from './errors/catalogue.ts'
import type { AttachmentType } from './schemas/admission-forms.ts'

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b)

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

const jpeg = [0xff, 0xd8, 0xff]
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const riff = ascii('RIFF')
const webp = ascii('WEBP')
const pdf = ascii('%PDF-')

/**
 * What a file is, by its first bytes (never by its name or the type a browser claims): one of
 * the types an attachment may be, or undefined for anything else.
 */
export function sniffType(bytes: Uint8Array): AttachmentType | undefined {
  if (startsWith(bytes, jpeg)) return 'image/jpeg'
  if (startsWith(bytes, png)) return 'image/png'
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) return 'image/webp'
  if (startsWith(bytes, pdf)) return 'application/pdf'
  return undefined
}

/**
 * Why a file whose first bytes looked right was refused, as codes of the error catalogue. The
 * server decodes every upload to tell (src/server/lib/file-check.ts); the browser only sniffs.
 */
export const fileRefusalCodes = [
  'file_damaged',
  'file_active_content',
  'file_encrypted',
  'image_too_large',
] as const satisfies readonly ErrorCode[]
export type FileRefusalCode = (typeof fileRefusalCodes)[number]
