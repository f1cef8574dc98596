import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { smsLength } from './segments.ts'

const basic = [...'@£$¥èéÇ\nØøÅåΔ_ΦΓÆæßÉ !"#%&()*+,-./09:;<=>?¡AZÄÖÑÜ§¿azäöñüà']
const extension = [...'^{}\\[~]|€']
const bangla = [...'আমাদেরবিদ্যালয়েরবেতন']
/** Beyond U+FFFF: two UTF-16 code units each. */
const astral = ['😀', '𝄞', '🎓']

const textOf = (chars: string[], max = 400) =>
  fc.array(fc.constantFrom(...chars), { maxLength: max }).map((a) => a.join(''))

describe('smsLength', () => {
  it.each([
    ['', 'gsm7', 0, 0],
    ['a'.repeat(160), 'gsm7', 160, 1],
    ['a'.repeat(161), 'gsm7', 161, 2],
    ['a'.repeat(306), 'gsm7', 306, 2],
    ['a'.repeat(307), 'gsm7', 307, 3],
    ['€'.repeat(80), 'gsm7', 160, 1],
    ['€'.repeat(81), 'gsm7', 162, 2],
    ['অ'.repeat(70), 'ucs2', 70, 1],
    ['অ'.repeat(71), 'ucs2', 71, 2],
    ['অ'.repeat(134), 'ucs2', 134, 2],
    ['অ'.repeat(135), 'ucs2', 135, 3],
    ['😀'.repeat(35), 'ucs2', 70, 1],
    ['😀'.repeat(36), 'ucs2', 72, 2],
  ] as const)('%j is %s, %i units, %i segments', (text, encoding, units, segments) => {
    expect(smsLength(text)).toMatchObject({ encoding, units, segments })
  })

  it('counts an extension character as two septets, the character itself as one', () => {
    fc.assert(
      fc.property(textOf(basic), textOf(extension, 50), (plain, extended) => {
        const length = smsLength(plain + extended)
        expect(length.encoding).toBe('gsm7')
        expect(length.characters).toBe([...plain].length + [...extended].length)
        expect(length.units).toBe([...plain].length + 2 * [...extended].length)
      }),
    )
  })

  it('switches the whole message to UCS-2 for one character outside GSM-7', () => {
    fc.assert(
      fc.property(textOf(basic), fc.constantFrom(...bangla, ...astral), (plain, other) => {
        const gsm = smsLength(plain)
        const mixed = smsLength(plain + other)
        expect(mixed.encoding).toBe('ucs2')
        expect(mixed.segments).toBeGreaterThanOrEqual(gsm.segments)
      }),
    )
  })

  it('counts a character beyond U+FFFF as one character and two code units', () => {
    fc.assert(
      fc.property(textOf([...bangla, ...astral]), (text) => {
        const length = smsLength(text)
        expect(length.characters).toBe([...text].length)
        expect(length.units).toBe(text.length)
      }),
    )
  })

  it('never splits an escape pair or a surrogate pair across parts, and fills each part', () => {
    fc.assert(
      fc.property(
        fc.oneof(textOf([...basic, ...extension], 800), textOf([...bangla, ...astral], 400)),
        (text) => {
          const { segments, units, perSegment, remaining } = smsLength(text)
          if (segments <= 1) return
          // At most one unit lost at each part's end: a pair moved whole to the next part.
          expect(segments).toBeGreaterThanOrEqual(Math.ceil(units / perSegment))
          expect(segments).toBeLessThanOrEqual(Math.ceil(units / (perSegment - 1)))
          expect(remaining).toBeGreaterThanOrEqual(0)
          expect(remaining).toBeLessThan(perSegment)
        },
      ),
    )
  })

  it('keeps a pair whole where a part would end on its first half', () => {
    // 152 septets, then an extension character: it goes whole to the second part.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(8)
    expect(smsLength(text)).toMatchObject({ units: 162, segments: 2, remaining: 153 - 10 })
    // 66 code units, then a character of two: it goes whole to the second part.
    const bn = 'অ'.repeat(66) + '😀' + 'অ'.repeat(4)
    expect(smsLength(bn)).toMatchObject({ units: 72, segments: 2, remaining: 67 - 6 })
  })

  it('grows by a part exactly when the last one is full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 161, max: 1600 }), (n) => {
        const { segments } = smsLength('a'.repeat(n))
        expect(segments).toBe(Math.ceil(n / 153))
      }),
    )
  })
})
