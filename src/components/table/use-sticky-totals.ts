import { useLayoutEffect, type RefObject } from 'react'

/** The class a sticky table has while its totals may stay at the window's foot (back-office.css). */
const footStuck = 'foot-stuck'

/**
 * A report's table whose totals (its footer) stay at the window's foot while its rows scroll
 * under them, but only once its header row is in full view above them: until then the totals
 * would stay in front of the header, which is not yet scrolled into view. Checked after every
 * render (the footer comes and goes with the rows).
 */
export function useStickyTotals(table: RefObject<HTMLTableElement | null>, sticky = true) {
  useLayoutEffect(() => {
    const grid = table.current
    const head = grid?.tHead
    const foot = grid?.tFoot
    if (!sticky || !grid || !head || !foot) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        const above = entry.boundingClientRect.top < (entry.rootBounds?.top ?? 0)
        grid.classList.toggle(footStuck, entry.isIntersecting || above)
      },
      { rootMargin: ['0px', '0px', `${-foot.offsetHeight}px`, '0px'].join(' '), threshold: 1 },
    )
    observer.observe(head)
    return () => observer.disconnect()
  })
}
