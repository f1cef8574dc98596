import * as v from 'valibot'

/* What describes a person on an application and on a student's record alike. */

export const genders = ['female', 'male', 'other'] as const

/** Written as a phone number: digits, spaces, brackets and dashes, maybe a +; 7 to 15 digits. */
export function isPhoneShape(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length
  return /^\+?[0-9][0-9 ()-]{5,22}$/.test(phone) && digits >= 7 && digits <= 15
}

export const phoneSchema = v.pipe(v.string(), v.trim(), v.check(isPhoneShape, 'phone_shape'))
