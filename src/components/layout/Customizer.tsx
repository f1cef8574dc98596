import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { layoutSettings, type LayoutType, type Skin } from '../../lib/settings.ts'
import { Icon } from '../icons.tsx'

/** A small panel to choose the layout, the skin and the reading direction; saved locally. */
export function Customizer() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const settings = useSnapshot(layoutSettings)
  const layouts: { value: LayoutType; label: string }[] = [
    { value: 'vertical', label: t`Vertical` },
    { value: 'horizontal', label: t`Horizontal` },
  ]
  const skins: { value: Skin; label: string }[] = [
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
  ]
  return (
    <>
      <button
        type="button"
        className="customizer-toggle"
        aria-label={t`Customize the layout`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="settings" />
      </button>
      {open && (
        <section className="customizer" aria-label={t`Theme customizer`} role="dialog">
          <header>
            <h2>
              <Trans>Theme customizer</Trans>
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t`Close`}
              onClick={() => setOpen(false)}
            >
              <Icon name="close" />
            </button>
          </header>
          <fieldset>
            <legend>
              <Trans>Menu layout</Trans>
            </legend>
            {layouts.map((l) => (
              <label key={l.value} className="radio">
                <input
                  type="radio"
                  name="layoutType"
                  checked={settings.layoutType === l.value}
                  onChange={() => {
                    layoutSettings.layoutType = l.value
                  }}
                />
                {l.label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>
              <Trans>Skin</Trans>
            </legend>
            {skins.map((s) => (
              <label key={s.value} className="radio">
                <input
                  type="radio"
                  name="skin"
                  checked={settings.skin === s.value}
                  onChange={() => {
                    layoutSettings.skin = s.value
                  }}
                />
                {s.label}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>
              <Trans>Direction</Trans>
            </legend>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={settings.rtl}
                onChange={(e) => {
                  layoutSettings.rtl = e.target.checked
                }}
              />
              <Trans>Right to left</Trans>
            </label>
          </fieldset>
        </section>
      )}
    </>
  )
}
