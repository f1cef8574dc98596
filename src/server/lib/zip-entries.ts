import { Inflate } from 'fflate'

/** A zip archive that cannot be read: damaged, encrypted, zip64 or another compression. */
class ZipUnreadable extends Error {}

/** More bytes than the budget would come out of the archive's entries. */
export class ZipTooLarge extends Error {}

export interface ZipEntry {
  name: string
  /** The inflated size the central directory declares (a bomb may declare less). */
  size: number
  method: number
  compressedSize: number
  localHeader: number
}

/** Inflated bytes an archive may still give out; each entry read spends from it. */
export interface InflateBudget {
  left: number
}

const u16 = (view: DataView, at: number) => view.getUint16(at, true)
const u32 = (view: DataView, at: number) => view.getUint32(at, true)

/**
 * The archive's entries by name, from its central directory (the end record within the last
 * 64 KiB + 22 bytes). Nothing is inflated here.
 */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(view, at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) throw new ZipUnreadable('no end of central directory')
  const count = u16(view, end + 10)
  let at = u32(view, end + 16)
  const entries = new Map<string, ZipEntry>()
  const names = new TextDecoder()
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(view, at) !== 0x02014b50) throw new ZipUnreadable('central directory')
    const flags = u16(view, at + 8)
    const nameLength = u16(view, at + 28)
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(view, at + 10),
      compressedSize: u32(view, at + 20),
      size: u32(view, at + 24),
      localHeader: u32(view, at + 42),
    }
    // Encrypted entries, and zip64's placeholders (no spreadsheet of 16 MB needs zip64).
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.size === 0xffffffff) {
      throw new ZipUnreadable(`entry ${entry.name}`)
    }
    entries.set(entry.name, entry)
    at += 46 + nameLength + u16(view, at + 30) + u16(view, at + 32)
  }
  return entries
}

/** Compressed bytes handed to the inflater at a time: at most ~4 MiB come out of each. */
const pushBytes = 4096

/**
 * Inflates one entry a piece at a time, handing each piece to `onData` as it comes, and
 * spending the budget as it goes: refused (ZipTooLarge) as soon as what comes out passes it,
 * whatever the entry declares. `onData` may throw to stop early: the rest of the entry is
 * never inflated. (A caller reading the entry whole may refuse it by its declared `size`
 * first; one that stops early, at a row limit, cannot.)
 */
export function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
  onData: (piece: Uint8Array) => void,
) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const local = entry.localHeader
  if (local + 30 > bytes.length || u32(view, local) !== 0x04034b50) {
    throw new ZipUnreadable(`local header of ${entry.name}`)
  }
  const start = local + 30 + u16(view, local + 26) + u16(view, local + 28)
  const data = bytes.subarray(start, start + entry.compressedSize)
  if (start + entry.compressedSize > bytes.length) throw new ZipUnreadable(entry.name)
  const spend = (piece: Uint8Array) => {
    budget.left -= piece.length
    if (budget.left < 0) throw new ZipTooLarge(entry.name)
    if (piece.length) onData(piece)
  }
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += 1 << 16) spend(data.subarray(at, at + (1 << 16)))
    return
  }
  if (entry.method !== 8) throw new ZipUnreadable(`compression ${entry.method}`)
  const inflater = new Inflate((piece) => spend(piece))
  for (let at = 0; at < data.length; at += pushBytes) {
    const final = at + pushBytes >= data.length
    try {
      inflater.push(data.subarray(at, at + pushBytes), final)
    } catch (err) {
      // fflate's own errors carry a numeric code; ours and onData's pass through.
      if (typeof (err as { code?: unknown }).code === 'number') throw new ZipUnreadable(entry.name)
      throw err
    }
  }
  if (data.length === 0) throw new ZipUnreadable(`empty ${entry.name}`)
}
