/** j***@example.com: enough to recognise one's own address, not enough to learn someone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** +880******123: the country code and the last three digits stay. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return '*'.repeat(phone.length)
  return phone.slice(0, 4) + '*'.repeat(phone.length - 7) + phone.slice(-3)
}
