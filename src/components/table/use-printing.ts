import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * Whether the page is being printed (or shown as on paper): a long table then draws every row.
 * When printing starts the rows are drawn at once (`flushSync`), before the browser lays the
 * page out for paper.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false)
  useEffect(() => {
    const media = window.matchMedia('print')
    const follow = () => flushSync(() => setPrinting(media.matches))
    const start = () => flushSync(() => setPrinting(true))
    setPrinting(media.matches)
    media.addEventListener('change', follow)
    window.addEventListener('beforeprint', start)
    window.addEventListener('afterprint', follow)
    return () => {
      media.removeEventListener('change', follow)
      window.removeEventListener('beforeprint', start)
      window.removeEventListener('afterprint', follow)
    }
  }, [])
  return printing
}
