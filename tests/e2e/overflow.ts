import type { Page } from '@playwright/test'

/**
 * What sticks out sideways on the page as shown: the page scrolling sideways, a visible element
 * whose left or right edge lies outside the window, and a box that cuts off or scrolls its own
 * content sideways (a table too wide for its card) unless it is a grid meant to scroll. Each is named by its tag, classes and text;
 * of nested offenders only the outermost is named. Empty when everything fits.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const name = (el: Element) => {
      const classes = [...el.classList].map((c) => `.${c}`).join('')
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
      return `<${el.localName}${classes}> "${text}"`
    }
    const problems: string[] = []
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in ${width} px`)

    const clipping = (el: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX)
    const clippedByAncestor = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clipping(up)) return true
      }
      return false
    }

    const offenders = new Set<Element>()
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el)
      if (style.visibility !== 'visible') continue
      const box = el.getBoundingClientRect()
      // Nothing to see: not rendered, or visually hidden for screen readers.
      if (box.width <= 1 || box.height <= 1) continue
      if (box.left < -0.5 || box.right > width + 0.5) {
        // Inside a box that scrolls or clips sideways it is that box's content, judged with it.
        if (!clippedByAncestor(el)) offenders.add(el)
        continue
      }
      const clips = clipping(el)
      const formControl = ['input', 'select', 'textarea'].includes(el.localName)
      // Ellipsis cuts text short on purpose, with the whole text in its title; a spreadsheet
      // grid (data-scrolls-sideways) scrolls its columns on purpose, its first column kept.
      const meantToScroll = el.hasAttribute('data-scrolls-sideways')
      if (clips && !formControl && !meantToScroll && style.textOverflow !== 'ellipsis') {
        if (el.scrollWidth > el.clientWidth + 1) offenders.add(el)
      }
    }
    for (const el of offenders) {
      let outermost = true
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (offenders.has(up)) outermost = false
      }
      if (!outermost) continue
      const box = el.getBoundingClientRect()
      const sticksOut = box.left < -0.5 || box.right > width + 0.5
      problems.push(
        sticksOut
          ? `${name(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px in ${width} px`
          : `${name(el)} cuts off its content: ${el.scrollWidth} px in ${el.clientWidth} px`,
      )
    }
    return problems
  })
}
