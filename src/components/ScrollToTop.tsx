import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Icon } from './icons.tsx'

const threshold = 250 // §9: the button appears after 250 px of scrolling

export function ScrollToTop() {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > threshold)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      className="scroll-to-top"
      aria-label={t`Back to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="arrowUp" />
    </button>
  )
}
