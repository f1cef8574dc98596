import { describe, expect, it } from 'vitest'
import { sniffType } from './file-type.ts'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)),
  )

describe('sniffing a file’s type', () => {
  it('knows JPEG, PNG, WEBP and PDF by their first bytes', () => {
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg')
    expect(sniffType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe(
      'image/png',
    )
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp')
    expect(sniffType(bytes('%PDF-1.7\n%âãÏÓ\n'))).toBe('application/pdf')
  })

  it('knows nothing else, whatever it claims to be', () => {
    expect(sniffType(bytes('hello, this is text'))).toBeUndefined()
    expect(sniffType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(sniffType(bytes('GIF89a', [1, 0, 1, 0]))).toBeUndefined()
    // A WAVE file is RIFF too, but not WEBP.
    expect(sniffType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeUndefined()
    expect(sniffType(bytes('PK', [3, 4]))).toBeUndefined()
    expect(sniffType(bytes(' %PDF-1.7'))).toBeUndefined()
  })

  it('does not read past a short or empty file', () => {
    expect(sniffType(new Uint8Array())).toBeUndefined()
    expect(sniffType(bytes([0xff, 0xd8]))).toBeUndefined()
    expect(sniffType(bytes([0x89], 'PNG'))).toBeUndefined()
    expect(sniffType(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeUndefined()
    expect(sniffType(bytes('%PDF'))).toBeUndefined()
  })
})
