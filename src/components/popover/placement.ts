interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

interface Placement {
  top: number
  left: number
}

/** Space kept between a popover and the edges of the window. */
const margin = 8
/** Space between the button and its popover. */
const gap = 4

/**
 * Where a popover of `size` goes beside the button at `anchor`, in window coordinates: under it
 * (over it when there is no room below and there is above), lined up with the button's start or
 * end edge in the reading direction, and moved in to stay inside the window.
 */
export function placePopover(
  anchor: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  { align, rtl }: { align: 'start' | 'end'; rtl: boolean },
): Placement {
  const fromLeft = (align === 'start') !== rtl
  const wanted = fromLeft ? anchor.left : anchor.right - size.width
  const maxLeft = viewport.width - margin - size.width
  const left = Math.max(margin, Math.min(wanted, maxLeft))

  const below = anchor.bottom + gap
  const above = anchor.top - gap - size.height
  const fitsBelow = below + size.height <= viewport.height - margin
  const top = !fitsBelow && above >= margin ? above : below
  return { top, left }
}
