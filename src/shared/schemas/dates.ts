import * as v from 'valibot'

/** A calendar day that exists (no 31 February), YYYY-MM-DD, between the years 1900 and 2999. */
export const isoDate = v.pipe(
  v.string(),
  v.isoDate('invalid_date'),
  v.check((date) => {
    // Runs after a failed format check too: anything unparsable is simply not a real date.
    const parsed = new Date(`${date}T00:00:00Z`)
    if (Number.isNaN(parsed.getTime())) return false
    const year = parsed.getUTCFullYear()
    return parsed.toISOString().startsWith(date) && year >= 1900 && year <= 2999
  }, 'not_a_real_date'),
)
