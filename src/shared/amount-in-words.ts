import { bengaliDigits } from './digits.ts'

/**
 * Amounts written out in words for printed vouchers ("One thousand two hundred fifty and
 * 50/100"), in English, German, French, (European) Portuguese and Bangla. Whole numbers only,
 * as bigints: no floating-point number is ever involved.
 */

const wordLanguages = ['en', 'de', 'fr', 'pt', 'bn'] as const
type WordLanguage = (typeof wordLanguages)[number]

/** The largest whole number written out: just under a quintillion (10^18). */
const limit = 10n ** 18n

// ---------------------------------------------------------------------------------- English

// prettier-ignore
const enOnes = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen',
  'nineteen',
]
// prettier-ignore
const enTens = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const enScales = ['', 'thousand', 'million', 'billion', 'trillion', 'quadrillion']

function enBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const tail =
    rest < 20
      ? enOnes[rest]!
      : enTens[Math.floor(rest / 10)]! + (rest % 10 ? `-${enOnes[rest % 10]}` : '')
  if (!hundreds) return tail
  return `${enOnes[hundreds]} hundred${rest ? ` ${tail}` : ''}`
}

function english(n: bigint): string {
  if (n === 0n) return 'zero'
  return groupsOf(n, 1000n)
    .map((group, scale) =>
      group ? `${enBelow1000(group)}${scale ? ` ${enScales[scale]}` : ''}` : '',
    )
    .filter(Boolean)
    .reverse()
    .join(' ')
}

// ----------------------------------------------------------------------------------- German

// prettier-ignore
const deOnes = [
  'null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn',
  'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn',
  'neunzehn',
]
// prettier-ignore
const deTens = ['', 'zehn', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig']
/** From the millions on: singular and plural, with the article "eine" for one. */
const deScales = [
  ['Million', 'Millionen'],
  ['Milliarde', 'Milliarden'],
  ['Billion', 'Billionen'],
  ['Billiarde', 'Billiarden'],
] as const

/** 1–999 as one word; a final 1 is "eins" at the end of the number, "ein" before more. */
function deBelow1000(n: number, last: boolean): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const one = (digit: number) => (digit === 1 ? 'ein' : deOnes[digit]!)
  let tail = ''
  if (rest === 1) tail = last ? 'eins' : 'ein'
  else if (rest > 0 && rest < 20) tail = deOnes[rest]!
  else if (rest >= 20)
    tail = (rest % 10 ? `${one(rest % 10)}und` : '') + deTens[Math.floor(rest / 10)]
  return (hundreds ? `${one(hundreds)}hundert` : '') + tail
}

/** Below a million: one word ("zweitausenddreihundertvierundfünfzig"). */
function deBelowMillion(n: number): string {
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  return (
    (thousands ? `${deBelow1000(thousands, false)}tausend` : '') +
    (rest ? deBelow1000(rest, true) : '')
  )
}

function german(n: bigint): string {
  if (n === 0n) return 'null'
  const [low = 0, ...high] = groupsOf(n, 1_000_000n)
  // Lowest first; each group of six digits above the first names two scales: its lower three
  // digits count millions (billions), its upper three milliards (billiards).
  const words = low ? [deBelowMillion(low)] : []
  for (const [i, group] of high.entries()) {
    if (group % 1000) words.push(scaleDe(group % 1000, 2 * i))
    if (group >= 1000) words.push(scaleDe(Math.floor(group / 1000), 2 * i + 1))
  }
  return words.reverse().join(' ')
}

const scaleDe = (count: number, scale: number) => {
  const [one, many] = deScales[scale]!
  return count === 1 ? `eine ${one}` : `${deBelow1000(count, false)} ${many}`
}

// ----------------------------------------------------------------------------------- French

const frOnes = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
]
const frTens = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante']
const frScales = ['', 'mille', 'million', 'milliard', 'billion', 'billiard']

/**
 * 1–99. `last`: nothing multiplies it further, so "quatre-vingts" keeps its s (it drops it
 * before "mille").
 */
function frBelow100(n: number, last: boolean): string {
  if (n < 20) return frOnes[n]!
  const ten = Math.floor(n / 10)
  const unit = n % 10
  if (ten < 7) return frTens[ten]! + (unit === 1 ? ' et un' : unit ? `-${frOnes[unit]}` : '')
  if (ten === 7) return n === 71 ? 'soixante et onze' : `soixante-${frOnes[n - 60]}`
  if (n === 80) return last ? 'quatre-vingts' : 'quatre-vingt'
  return `quatre-vingt-${frOnes[n - 80]}`
}

/** 1–999; "cents" takes its s when nothing follows it, except before "mille". */
function frBelow1000(n: number, last: boolean): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (!hundreds) return frBelow100(rest, last)
  const cent = hundreds === 1 ? 'cent' : `${frOnes[hundreds]} cent`
  if (!rest) return hundreds > 1 && last ? `${cent}s` : cent
  return `${cent} ${frBelow100(rest, last)}`
}

function french(n: bigint): string {
  if (n === 0n) return 'zéro'
  return groupsOf(n, 1000n)
    .map((group, scale) => {
      if (!group) return ''
      if (scale === 0) return frBelow1000(group, true)
      if (scale === 1) return group === 1 ? 'mille' : `${frBelow1000(group, false)} mille`
      const name = frScales[scale]!
      return group === 1 ? `un ${name}` : `${frBelow1000(group, true)} ${name}s`
    })
    .filter(Boolean)
    .reverse()
    .join(' ')
}

// ------------------------------------------------------------------------------- Portuguese

// prettier-ignore
const ptOnes = [
  'zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez',
  'onze', 'doze', 'treze', 'catorze', 'quinze', 'dezasseis', 'dezassete', 'dezoito', 'dezanove',
]
// prettier-ignore
const ptTens = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa']
// prettier-ignore
const ptHundreds = [
  '', 'cento', 'duzentos', 'trezentos', 'quatrocentos', 'quinhentos', 'seiscentos', 'setecentos',
  'oitocentos', 'novecentos',
]
/** The long scale of Portugal: a "bilião" is a million millions. */
const ptScales = [
  ['', ''],
  ['milhão', 'milhões'],
  ['bilião', 'biliões'],
] as const

function ptBelow1000(n: number): string {
  if (n === 100) return 'cem'
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const tail =
    rest < 20
      ? ptOnes[rest]!
      : ptTens[Math.floor(rest / 10)]! + (rest % 10 ? ` e ${ptOnes[rest % 10]}` : '')
  if (!hundreds) return tail
  return `${ptHundreds[hundreds]}${rest ? ` e ${tail}` : ''}`
}

/**
 * "e" joins a part to what follows when that is below a hundred or a round number of hundreds
 * (of units, thousands, millions…): "mil e quinhentos", but "mil quinhentos e vinte".
 */
function ptJoinsWithE(rest: bigint): boolean {
  let r = rest
  while (r > 0n && r % 1000n === 0n) r /= 1000n
  return r < 100n || (r < 1000n && r % 100n === 0n)
}

function ptBelowMillion(n: number): string {
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  if (!thousands) return ptBelow1000(rest)
  const mil = thousands === 1 ? 'mil' : `${ptBelow1000(thousands)} mil`
  if (!rest) return mil
  return `${mil}${ptJoinsWithE(BigInt(rest)) ? ' e ' : ' '}${ptBelow1000(rest)}`
}

function portuguese(n: bigint): string {
  if (n === 0n) return 'zero'
  const groups = groupsOf(n, 1_000_000n)
  let words = ''
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale]!
    if (!group) continue
    const [one, many] = ptScales[scale]!
    const part =
      scale === 0
        ? ptBelowMillion(group)
        : group === 1
          ? `um ${one}`
          : `${ptBelowMillion(group)} ${many}`
    const rest = n % 1_000_000n ** BigInt(scale + 1)
    if (words) words += ptJoinsWithE(rest) ? ' e ' : ' '
    words += part
  }
  return words
}

// ------------------------------------------------------------------------------------ Bangla

/** 0–99: each has a word of its own in Bangla (২৫ পঁচিশ, ৭৯ ঊনআশি), no rule builds them. */
// prettier-ignore
const bnBelow100 = [
  'শূন্য', 'এক', 'দুই', 'তিন', 'চার', 'পাঁচ', 'ছয়', 'সাত', 'আট', 'নয়',
  'দশ', 'এগারো', 'বারো', 'তেরো', 'চৌদ্দ', 'পনেরো', 'ষোলো', 'সতেরো', 'আঠারো', 'উনিশ',
  'বিশ', 'একুশ', 'বাইশ', 'তেইশ', 'চব্বিশ', 'পঁচিশ', 'ছাব্বিশ', 'সাতাশ', 'আটাশ', 'ঊনত্রিশ',
  'ত্রিশ', 'একত্রিশ', 'বত্রিশ', 'তেত্রিশ', 'চৌত্রিশ', 'পঁয়ত্রিশ', 'ছত্রিশ', 'সাঁইত্রিশ', 'আটত্রিশ', 'ঊনচল্লিশ',
  'চল্লিশ', 'একচল্লিশ', 'বিয়াল্লিশ', 'তেতাল্লিশ', 'চুয়াল্লিশ', 'পঁয়তাল্লিশ', 'ছেচল্লিশ', 'সাতচল্লিশ', 'আটচল্লিশ', 'ঊনপঞ্চাশ',
  'পঞ্চাশ', 'একান্ন', 'বাহান্ন', 'তিপ্পান্ন', 'চুয়ান্ন', 'পঞ্চান্ন', 'ছাপ্পান্ন', 'সাতান্ন', 'আটান্ন', 'ঊনষাট',
  'ষাট', 'একষট্টি', 'বাষট্টি', 'তেষট্টি', 'চৌষট্টি', 'পঁয়ষট্টি', 'ছেষট্টি', 'সাতষট্টি', 'আটষট্টি', 'ঊনসত্তর',
  'সত্তর', 'একাত্তর', 'বাহাত্তর', 'তিয়াত্তর', 'চুয়াত্তর', 'পঁচাত্তর', 'ছিয়াত্তর', 'সাতাত্তর', 'আটাত্তর', 'ঊনআশি',
  'আশি', 'একাশি', 'বিরাশি', 'তিরাশি', 'চুরাশি', 'পঁচাশি', 'ছিয়াশি', 'সাতাশি', 'অষ্টাশি', 'ঊননব্বই',
  'নব্বই', 'একানব্বই', 'বিরানব্বই', 'তিরানব্বই', 'চুরানব্বই', 'পঁচানব্বই', 'ছিয়ানব্বই', 'সাতানব্বই', 'আটানব্বই', 'নিরানব্বই',
]

/**
 * The South Asian grouping, as Bangladeshi cheques and receipts write amounts: hundreds (শত),
 * thousands (হাজার), lakhs (লক্ষ, 10^5) and crores (কোটি, 10^7); above that the number of
 * crores is itself written out ("এক হাজার কোটি", "এক কোটি কোটি").
 */
function bangla(n: bigint): string {
  if (n === 0n) return bnBelow100[0]!
  const crores = n / 10_000_000n
  const below = Number(n % 10_000_000n)
  const parts = crores ? [`${bangla(crores)} কোটি`] : []
  const scales = [
    [100_000, 'লক্ষ'],
    [1000, 'হাজার'],
    [100, 'শত'],
  ] as const
  let rest = below
  for (const [size, name] of scales) {
    const count = Math.floor(rest / size)
    if (count) parts.push(`${bnBelow100[count]} ${name}`)
    rest %= size
  }
  if (rest) parts.push(bnBelow100[rest]!)
  return parts.join(' ')
}

// ------------------------------------------------------------------------------------ shared

/** Groups of `base` (1000, or a million), lowest first, as small numbers. */
function groupsOf(n: bigint, base: bigint): number[] {
  const groups: number[] = []
  for (let rest = n; rest > 0n; rest /= base) groups.push(Number(rest % base))
  return groups
}

const writers: Record<WordLanguage, (n: bigint) => string> = {
  en: english,
  de: german,
  fr: french,
  pt: portuguese,
  bn: bangla,
}

/** How each language joins the fraction to the whole amount on a cheque or voucher. */
const fractionJoin: Record<WordLanguage, string> = {
  en: 'and',
  de: 'und',
  fr: 'et',
  pt: 'e',
  bn: 'এবং',
}

/** The language of a locale ("de-AT" → "de"); English for any other. */
export const wordLanguageOf = (locale: string): WordLanguage =>
  wordLanguages.find((l) => locale.toLowerCase().split(/[-_]/)[0] === l) ?? 'en'

/** A whole number in words, lower case ("einundzwanzig"). */
export function numberInWords(n: number | bigint, language: WordLanguage): string {
  const whole = BigInt(n)
  if (whole < 0n || whole >= limit) throw new RangeError(`Cannot write ${n} in words`)
  return writers[language](whole)
}

/**
 * An amount in minor units written out: the whole part in words, the minor units as a fraction
 * of the major unit, as on a cheque ("One hundred and 05/100"; without a fraction for a
 * currency without minor units).
 */
export function amountInWords(
  minor: number | bigint,
  digits: number,
  language: WordLanguage,
): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`Money must be a safe integer of minor units, got ${minor}`)
  }
  const amount = BigInt(minor)
  if (amount < 0n) throw new RangeError(`Cannot write a negative amount in words: ${minor}`)
  const per = 10n ** BigInt(digits)
  const words = numberInWords(amount / per, language)
  const capitalised = words.charAt(0).toUpperCase() + words.slice(1)
  if (digits === 0) return capitalised
  const fraction = `${String(amount % per).padStart(digits, '0')}/${per}`
  return `${capitalised} ${fractionJoin[language]} ${language === 'bn' ? bengaliDigits(fraction) : fraction}`
}
