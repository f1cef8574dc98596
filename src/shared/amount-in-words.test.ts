import { describe, expect, it } from 'vitest'
import { amountInWords, numberInWords, wordLanguageOf } from './amount-in-words.ts'

describe('numbers in words', () => {
  it('writes English', () => {
    const en = (n: number | bigint) => numberInWords(n, 'en')
    expect(en(0)).toBe('zero')
    expect(en(7)).toBe('seven')
    expect(en(19)).toBe('nineteen')
    expect(en(21)).toBe('twenty-one')
    expect(en(100)).toBe('one hundred')
    expect(en(1250)).toBe('one thousand two hundred fifty')
    expect(en(1_000_001)).toBe('one million one')
    expect(en(2_000_300_000)).toBe('two billion three hundred thousand')
    expect(en(999_999_999_999_999_999n)).toBe(
      'nine hundred ninety-nine quadrillion nine hundred ninety-nine trillion nine hundred ' +
        'ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand ' +
        'nine hundred ninety-nine',
    )
  })

  it('writes German, one word below a million', () => {
    const de = (n: number) => numberInWords(n, 'de')
    expect(de(0)).toBe('null')
    expect(de(1)).toBe('eins')
    expect(de(16)).toBe('sechzehn')
    expect(de(17)).toBe('siebzehn')
    expect(de(21)).toBe('einundzwanzig')
    expect(de(30)).toBe('dreißig')
    expect(de(101)).toBe('einhunderteins')
    expect(de(1000)).toBe('eintausend')
    expect(de(1250)).toBe('eintausendzweihundertfünfzig')
    expect(de(21_001)).toBe('einundzwanzigtausendeins')
    expect(de(1_000_000)).toBe('eine Million')
    expect(de(2_300_000)).toBe('zwei Millionen dreihunderttausend')
    expect(de(1_001_000_000)).toBe('eine Milliarde eine Million')
    expect(de(5_000_000_000_007)).toBe('fünf Billionen sieben')
  })

  it('writes French with its agreements', () => {
    const fr = (n: number) => numberInWords(n, 'fr')
    expect(fr(21)).toBe('vingt et un')
    expect(fr(22)).toBe('vingt-deux')
    expect(fr(70)).toBe('soixante-dix')
    expect(fr(71)).toBe('soixante et onze')
    expect(fr(77)).toBe('soixante-dix-sept')
    expect(fr(80)).toBe('quatre-vingts')
    expect(fr(81)).toBe('quatre-vingt-un')
    expect(fr(91)).toBe('quatre-vingt-onze')
    expect(fr(99)).toBe('quatre-vingt-dix-neuf')
    expect(fr(100)).toBe('cent')
    expect(fr(200)).toBe('deux cents')
    expect(fr(201)).toBe('deux cent un')
    expect(fr(1000)).toBe('mille')
    expect(fr(1250)).toBe('mille deux cent cinquante')
    expect(fr(80_000)).toBe('quatre-vingt mille')
    expect(fr(200_000)).toBe('deux cent mille')
    expect(fr(1_000_000)).toBe('un million')
    expect(fr(200_000_000)).toBe('deux cents millions')
    expect(fr(3_000_000_000)).toBe('trois milliards')
  })

  it('writes European Portuguese with its "e"', () => {
    const pt = (n: number) => numberInWords(n, 'pt')
    expect(pt(16)).toBe('dezasseis')
    expect(pt(23)).toBe('vinte e três')
    expect(pt(100)).toBe('cem')
    expect(pt(101)).toBe('cento e um')
    expect(pt(345)).toBe('trezentos e quarenta e cinco')
    expect(pt(1000)).toBe('mil')
    expect(pt(1500)).toBe('mil e quinhentos')
    expect(pt(1080)).toBe('mil e oitenta')
    expect(pt(1250)).toBe('mil duzentos e cinquenta')
    expect(pt(2_000_000)).toBe('dois milhões')
    expect(pt(1_200_000)).toBe('um milhão e duzentos mil')
    expect(pt(1_234_567)).toBe(
      'um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete',
    )
    // The long scale: a thousand millions, then a "bilião".
    expect(pt(2_003_000_000)).toBe('dois mil e três milhões')
    expect(pt(1_000_000_000_000)).toBe('um bilião')
  })

  it('writes Bangla with lakh and crore, each number below a hundred its own word', () => {
    const bn = (n: number | bigint) => numberInWords(n, 'bn')
    expect(bn(0)).toBe('শূন্য')
    expect(bn(1)).toBe('এক')
    expect(bn(19)).toBe('উনিশ')
    expect(bn(25)).toBe('পঁচিশ')
    expect(bn(29)).toBe('ঊনত্রিশ')
    expect(bn(79)).toBe('ঊনআশি')
    expect(bn(88)).toBe('অষ্টাশি')
    expect(bn(99)).toBe('নিরানব্বই')
    expect(bn(100)).toBe('এক শত')
    expect(bn(101)).toBe('এক শত এক')
    expect(bn(1000)).toBe('এক হাজার')
    expect(bn(100_000)).toBe('এক লক্ষ')
    expect(bn(125_050)).toBe('এক লক্ষ পঁচিশ হাজার পঞ্চাশ')
    expect(bn(9_999_999)).toBe('নিরানব্বই লক্ষ নিরানব্বই হাজার নয় শত নিরানব্বই')
    expect(bn(10_000_000)).toBe('এক কোটি')
    expect(bn(10_000_001)).toBe('এক কোটি এক')
    expect(bn(1_000_000_000)).toBe('এক শত কোটি')
    // Crores of crores: the number of crores written out in the same system.
    expect(bn(100_000_000_000_000n)).toBe('এক কোটি কোটি')
    expect(bn(999_999_999_999_999_999n)).toBe(
      'নয় হাজার নয় শত নিরানব্বই কোটি নিরানব্বই লক্ষ নিরানব্বই হাজার নয় শত নিরানব্বই কোটি ' +
        'নিরানব্বই লক্ষ নিরানব্বই হাজার নয় শত নিরানব্বই',
    )
    // Every number below a hundred has a word of its own, none repeated.
    expect(new Set(Array.from({ length: 100 }, (_, i) => bn(i))).size).toBe(100)
  })

  it('refuses what it cannot write', () => {
    expect(() => numberInWords(-1, 'en')).toThrow(RangeError)
    expect(() => numberInWords(10n ** 18n, 'en')).toThrow(RangeError)
  })
})

describe('amounts in words', () => {
  it('writes the minor units as a fraction, in each language', () => {
    expect(amountInWords(125050, 2, 'en')).toBe('One thousand two hundred fifty and 50/100')
    expect(amountInWords(125050, 2, 'de')).toBe('Eintausendzweihundertfünfzig und 50/100')
    expect(amountInWords(125050, 2, 'fr')).toBe('Mille deux cent cinquante et 50/100')
    expect(amountInWords(125050, 2, 'pt')).toBe('Mil duzentos e cinquenta e 50/100')
    // Bangla as Intl writes its figures: Bengali digits in the fraction too.
    expect(amountInWords(12505050, 2, 'bn')).toBe('এক লক্ষ পঁচিশ হাজার পঞ্চাশ এবং ৫০/১০০')
    expect(amountInWords(5, 2, 'en')).toBe('Zero and 05/100')
    expect(amountInWords(150000, 2, 'en')).toBe('One thousand five hundred and 00/100')
  })

  it('follows the currency: no fraction without minor units, thousandths with three digits', () => {
    expect(amountInWords(1250, 0, 'en')).toBe('One thousand two hundred fifty')
    expect(amountInWords(1250, 3, 'en')).toBe('One and 250/1000')
  })

  it('is exact for the largest totals a voucher can have', () => {
    // 500 lines at the largest line amount: 5 × 10^14 minor units.
    expect(amountInWords(500_000_000_000_001, 2, 'en')).toBe('Five trillion and 01/100')
    expect(() => amountInWords(0.5, 2, 'en')).toThrow(RangeError)
    expect(() => amountInWords(-100, 2, 'en')).toThrow(RangeError)
  })

  it('knows the language of a locale', () => {
    expect(wordLanguageOf('de-AT')).toBe('de')
    expect(wordLanguageOf('pt')).toBe('pt')
    expect(wordLanguageOf('bn-BD')).toBe('bn')
    expect(wordLanguageOf('ar')).toBe('en')
  })
})
