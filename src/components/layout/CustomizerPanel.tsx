import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
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

/** The customizer's panel, loaded when it is first opened (no page needs it to render). */
export default function CustomizerPanel({ close }: { close: () => void }) {
  const { t } = useLingui()
  const settings = useSnapshot(layoutSettings)
  return (
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
  )
}
