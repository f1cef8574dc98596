/**
 * Intl formatters, made once per locale and options: making one costs milliseconds (the
 * locale's data is loaded), using one costs microseconds, and a page formats many values.
 */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`
  let format = made.get(key)
  if (!format) {
    format = make()
    made.set(key, format)
  }
  return format as T
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached('n', locale, options, () => new Intl.NumberFormat(locale, options))
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}) {
  return cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options))
}
