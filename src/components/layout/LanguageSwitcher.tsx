import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { activateLocale, isLocale, loadErrorStrings, localeNames, locales } from '../../lib/i18n.ts'

export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  const select = useRef<HTMLSelectElement>(null)
  // A page the server rendered can be given a language before its scripts have run: that
  // choice is in the select when React takes it over, and is honoured then.
  useEffect(() => {
    const chosen = select.current?.value
    if (isLocale(chosen) && chosen !== i18n.locale) void activateLocale(chosen)
    // The app's one i18n instance: this runs once, on taking the page over.
  }, [i18n])
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t`Language`}</span>
      <select
        ref={select}
        value={i18n.locale}
        aria-label={t`Language`}
        data-testid="language-switcher"
        onChange={(e) => {
          // The page is the app's own by now: the language's refusals come with it.
          if (isLocale(e.target.value)) void activateLocale(e.target.value).then(loadErrorStrings)
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {localeNames[l]}
          </option>
        ))}
      </select>
    </label>
  )
}
