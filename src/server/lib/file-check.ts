import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFObjectStreamParser,
  PDFStream,
  PDFXRefStreamParser,
  type PDFContext,
  type PDFObject,
  type PDFRawStream,
} from '@cantoo/pdf-lib'
import sharp from 'sharp'
import type { FileRefusalCode } from '../../shared/file-type.ts'
import type { AttachmentType } from '../../shared/schemas/admission-forms.ts'

export class FileRefused extends Error {
  constructor(readonly code: FileRefusalCode) {
    super(code)
  }
}

/** 50 megapixels: any phone photo; beyond it a small file is a decompression bomb. */
const maxImagePixels = 50_000_000
/** How many pages a PDF attachment may have. */
const maxPdfPages = 500
/**
 * How many bytes the object and cross-reference streams of one PDF may inflate to (the only
 * streams read while checking it): a few megabytes in real documents, gigabytes in a bomb.
 */
const maxPdfStructureBytes = 16 * 1024 * 1024

// Every image is new to the cache; the memory is better left to the next one.
sharp.cache(false)

const imageFormats = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const

/**
 * The image decoded in full and encoded again in its own format: what is stored holds pixels
 * only, turned upright, without the metadata (a phone's GPS position, the camera, comments)
 * and without anything hidden after or between the image's own data.
 */
async function reencodeImage(bytes: Uint8Array, type: keyof typeof imageFormats) {
  // The header alone, unlimited, to tell a bomb (or a huge photo) from a damaged file.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new FileRefused('file_damaged')
    })
  if (meta.format !== imageFormats[type]) throw new FileRefused('file_damaged')
  if (meta.width * meta.height > maxImagePixels) throw new FileRefused('image_too_large')
  // 'warning' refuses a truncated or corrupt image rather than storing its grey remainder.
  const upright = sharp(bytes, { failOn: 'warning', limitInputPixels: maxImagePixels })
    .autoOrient()
    .timeout({ seconds: 30 })
  const encoded =
    type === 'image/jpeg'
      ? upright.jpeg({ quality: 85 })
      : type === 'image/png'
        ? upright.png({ compressionLevel: 9, palette: meta.isPalette })
        : upright.webp({ quality: 85 })
  try {
    return new Uint8Array(await encoded.toBuffer())
  } catch {
    throw new FileRefused('file_damaged')
  }
}

/*
 * pdf-lib inflates object streams and cross-reference streams whole while it parses: a small
 * file could ask for gigabytes. Each parse (one PDFContext) gets a budget, spent by decoding
 * each such stream no further than what is left of it before pdf-lib reads it.
 */
const structureBudgets = new WeakMap<PDFContext, { left: number }>()

function spendStructureBudget(stream: PDFRawStream) {
  const context = stream.dict.context
  const budget = structureBudgets.get(context) ?? { left: maxPdfStructureBytes }
  structureBudgets.set(context, budget)
  const decoded = decodePDFRawStream(stream).getBytes(budget.left + 1)
  if (decoded.length > budget.left) throw new FileRefused('file_damaged')
  budget.left -= decoded.length
}

const forObjectStream = PDFObjectStreamParser.forStream
PDFObjectStreamParser.forStream = (stream, shouldWaitForTick) => {
  spendStructureBudget(stream)
  return forObjectStream(stream, shouldWaitForTick)
}
const forXRefStream = PDFXRefStreamParser.forStream
PDFXRefStreamParser.forStream = (stream) => {
  spendStructureBudget(stream)
  return forXRefStream(stream)
}

/**
 * Names that make a PDF act rather than show (scripts, actions reaching outside the document,
 * embedded files, Flash, XML forms), wherever they occur: as a key or a value, in any object,
 * also one kept inside a compressed object stream, and however their letters are escaped
 * (`/J#61vaScript` is `/JavaScript` once parsed).
 */
const activeNames = new Set(
  [
    'JavaScript',
    'JS',
    'Launch',
    'EmbeddedFile',
    'EmbeddedFiles',
    'RichMedia',
    'XFA',
    'SubmitForm',
    'ImportData',
    'GoToE',
    'GoToR',
  ].map((name) => PDFName.of(name)),
)
const AA = PDFName.of('AA')
const OpenAction = PDFName.of('OpenAction')
const S = PDFName.of('S')
const GoTo = PDFName.of('GoTo')

/** True when the object, or anything in it, would run or open something. */
function isActive(context: PDFContext, object: PDFObject): boolean {
  if (object instanceof PDFName) return activeNames.has(object)
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(context, item))
  if (object instanceof PDFStream) return isActive(context, object.dict)
  if (!(object instanceof PDFDict)) return false
  for (const [key, value] of object.entries()) {
    if (activeNames.has(key) || isActive(context, value)) return true
    const target = context.lookup(value)
    // Actions on opening a page, a field or the document ("additional actions").
    if (key === AA && target instanceof PDFDict && target.entries().length > 0) return true
    // On opening, a destination (an array) only shows a page; an action other than GoTo acts.
    if (key === OpenAction && target instanceof PDFDict && target.get(S) !== GoTo) return true
  }
  return false
}

/**
 * A PDF that parses in full, is not encrypted, has pages (not too many), and nothing active in
 * any of its objects. An encrypted PDF (even one locked only against editing, which opens
 * without a password) hides its object streams from the check, so it is refused too.
 */
async function checkPdf(bytes: Uint8Array) {
  let document: PDFDocument
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    })
  } catch (err) {
    if (err instanceof FileRefused) throw err
    // Encrypted object streams do not parse: say why rather than "damaged".
    throw new FileRefused(
      Buffer.from(bytes).includes('/Encrypt') ? 'file_encrypted' : 'file_damaged',
    )
  }
  if (document.isEncrypted) throw new FileRefused('file_encrypted')
  let pages: number
  try {
    pages = document.getPageCount()
  } catch {
    throw new FileRefused('file_damaged')
  }
  if (pages < 1 || pages > maxPdfPages) throw new FileRefused('file_damaged')
  const { context } = document
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (isActive(context, object)) throw new FileRefused('file_active_content')
  }
}

/**
 * The bytes to store for an upload whose first bytes said `type`: an image decoded and encoded
 * again, a PDF as sent once parsed and found inert. Throws FileRefused otherwise.
 */
export async function checkedContent(bytes: Uint8Array, type: AttachmentType) {
  if (type === 'application/pdf') {
    await checkPdf(bytes)
    return bytes
  }
  return reencodeImage(bytes, type)
}

/** The largest side a stored logo keeps: enough for a printed header, small to send. */
const logoMaxSide = 512

/**
 * A logo as stored: checked and encoded again like an attachment's image, then scaled down to
 * at most `logoMaxSide` pixels a side; with its size, so pages reserve its room before it loads.
 */
export async function checkedLogo(bytes: Uint8Array, type: keyof typeof imageFormats) {
  const clean = await reencodeImage(bytes, type)
  const scaled = sharp(clean).resize({
    width: logoMaxSide,
    height: logoMaxSide,
    fit: 'inside',
    withoutEnlargement: true,
  })
  const { data, info } = await scaled
    .toFormat(imageFormats[type])
    .toBuffer({ resolveWithObject: true })
  return { bytes: new Uint8Array(data), width: info.width, height: info.height }
}
