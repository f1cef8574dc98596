import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** How long a navigation may wait before the bar shows: quick pages never flash it. */
const showAfterMs = 150

/**
 * A bar across the top while a navigation waits for its page (loaders, strings): it appears
 * after a short moment and goes when the new page is there. Without a value it is an
 * indeterminate progress bar; with reduced motion it stands still.
 */
export function NavigationProgress() {
  const { t } = useLingui()
  const pending = useRouterState({ select: (s) => s.status === 'pending' })
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setLate(true), showAfterMs)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [pending])
  if (!pending || !late) return null
  return (
    <div className="navigation-progress" role="progressbar" aria-label={t`Loading page`}>
      <div className="navigation-progress-bar" />
    </div>
  )
}
