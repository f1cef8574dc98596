import { useLingui } from '@lingui/react/macro'
import { activateLocale, isLocale, localeNames, locales } from '../../lib/i18n.ts'

export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t`Language`}</span>
      <select
        value={i18n.locale}
        aria-label={t`Language`}
        data-testid="language-switcher"
        onChange={(e) => {
          if (isLocale(e.target.value)) void activateLocale(e.target.value)
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
