import { describe, expect, it } from 'vitest'
import { fileNameFrom } from './file-name.ts'

describe('fileNameFrom', () => {
  it('prefers the encoded name and falls back to the plain one', () => {
    expect(
      fileNameFrom(`attachment; filename="my photo.jpg"; filename*=UTF-8''my%20ph%C3%B6to.jpg`),
    ).toBe('my phöto.jpg')
    expect(fileNameFrom('attachment; filename="applicants-2026-11-22.csv"')).toBe(
      'applicants-2026-11-22.csv',
    )
    expect(fileNameFrom('attachment; filename=plain.pdf')).toBe('plain.pdf')
    expect(fileNameFrom(`attachment; filename="a \\"b\\".pdf"`)).toBe('a "b".pdf')
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A; filename="x.pdf"`)).toBe('x.pdf')
  })
  it('is undefined without a name', () => {
    expect(fileNameFrom(null)).toBeUndefined()
    expect(fileNameFrom('attachment')).toBeUndefined()
  })
})
