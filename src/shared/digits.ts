/**
 * Bengali digits (০–৯), which Intl writes for Bangla and a Bangla keyboard types, and the ASCII
 * digits the code reads: U+09E6 is zero, the other nine follow it.
 */
const bengaliZero = 0x09e6

/** Typed text with any Bengali digit as its ASCII digit ("১,২৫০.৫" → "1,250.5"). */
export const asciiDigits = (text: string): string =>
  text.replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - bengaliZero))

/** ASCII digits written as Bengali ones ("50/100" → "৫০/১০০"). */
export const bengaliDigits = (text: string): string =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(bengaliZero + Number(d)))
