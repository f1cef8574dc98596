import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Icon } from '../icons.tsx'

const CustomizerPanel = lazy(() => import('./CustomizerPanel.tsx'))

/**
 * A small panel to choose the layout, the skin and the reading direction; saved locally. Escape
 * and its close button close it and put the focus back on its toggle.
 */
export function Customizer() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
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
        <Suspense fallback={null}>
          <CustomizerPanel close={close} />
        </Suspense>
      )}
    </>
  )
}
