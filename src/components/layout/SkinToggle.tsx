import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { layoutSettings } from '../../lib/settings.ts'
import { Icon } from '../icons.tsx'

export function SkinToggle() {
  const { t } = useLingui()
  const { skin } = useSnapshot(layoutSettings)
  const dark = skin === 'dark'
  return (
    <button
      type="button"
      className="icon-button"
      title={dark ? t`Switch to light skin` : t`Switch to dark skin`}
      aria-label={dark ? t`Switch to light skin` : t`Switch to dark skin`}
      onClick={() => {
        layoutSettings.skin = dark ? 'light' : 'dark'
      }}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  )
}
