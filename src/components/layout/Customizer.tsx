import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { layoutSettings, type LayoutType, type Skin } from '../../lib/settings.ts'
import { Icon } from '../icons.tsx'

function Choice<T extends string>(props: {
  legend: ReactNode
  name: string
  value: T
  options: { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="radio">
          <input
            type="radio"
            name={props.name}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * A small panel to choose the layout, the skin and the reading direction; saved locally. Escape
 * and its close button close it and put the focus back on its toggle.
 */
export function Customizer() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const settings = useSnapshot(layoutSettings)
  const toggle = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    toggle.current?.focus()
  }, [])
  // Escape closes the panel wherever the focus is, unless something in front took it first.
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, close])
  return (
    <>
      <button
        ref={toggle}
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
            <button type="button" className="icon-button" aria-label={t`Close`} onClick={close}>
              <Icon name="close" />
            </button>
          </header>
          <Choice<LayoutType>
            legend={<Trans>Menu layout</Trans>}
            name="layoutType"
            value={settings.layoutType}
            options={[
              { value: 'vertical', label: t`Vertical` },
              { value: 'horizontal', label: t`Horizontal` },
            ]}
            onChange={(value) => {
              layoutSettings.layoutType = value
            }}
          />
          <Choice<Skin>
            legend={<Trans>Skin</Trans>}
            name="skin"
            value={settings.skin}
            options={[
              { value: 'light', label: t`Light` },
              { value: 'dark', label: t`Dark` },
            ]}
            onChange={(value) => {
              layoutSettings.skin = value
            }}
          />
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
