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

/**
 * Text drawn over other text: two lines of text (or a label drawn by CSS, a cell's ::before)
 * whose boxes cross, as a long German label wrapping onto the value below it does. Text cut
 * off by a box that clips it counts only as far as it shows; hidden text (a screen reader's
 * 1 px box) not at all. Each pair is named once, by its two texts. Empty when no text overlaps.
 */
export function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Box {
      left: number
      top: number
      right: number
      bottom: number
      owner: Element
      text: string
      source: object
    }
    const clipOf = new Map<Element, DOMRect | null>()
    /** The part of the window an element's content can show in: its clipping ancestors'. */
    const visibleArea = (el: Element | null): DOMRect | null => {
      if (!el || el === document.body) return null
      if (clipOf.has(el)) return clipOf.get(el)!
      const outer = visibleArea(el.parentElement)
      const style = getComputedStyle(el)
      let area = outer
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const own = el.getBoundingClientRect()
        area = outer
          ? new DOMRect(
              Math.max(own.left, outer.left),
              Math.max(own.top, outer.top),
              Math.max(0, Math.min(own.right, outer.right) - Math.max(own.left, outer.left)),
              Math.max(0, Math.min(own.bottom, outer.bottom) - Math.max(own.top, outer.top)),
            )
          : own
      }
      clipOf.set(el, area)
      return area
    }
    const boxes: Box[] = []
    const add = (rect: DOMRectReadOnly, owner: Element, text: string, source: object) => {
      const area = visibleArea(owner)
      const box = {
        left: Math.max(rect.left, area?.left ?? -Infinity),
        top: Math.max(rect.top, area?.top ?? -Infinity),
        right: Math.min(rect.right, area?.right ?? Infinity),
        bottom: Math.min(rect.bottom, area?.bottom ?? Infinity),
      }
      if (box.right - box.left > 1 && box.bottom - box.top > 1) {
        boxes.push({ ...box, owner, text, source })
      }
    }
    const shown = (el: Element) => {
      const style = getComputedStyle(el)
      const box = el.getBoundingClientRect()
      // checkVisibility: not inside a closed <details> or anything else skipped from painting.
      const painted = el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      return painted && style.visibility === 'visible' && box.width > 1 && box.height > 1
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim()
      const owner = node.parentElement
      // A closed list's options are not drawn, though they have boxes.
      if (!text || !owner || !shown(owner) || owner.closest('select, datalist')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) add(rect, owner, text, node)
    }
    // Labels CSS draws out of the flow (a stacked list's column names): their box, as laid out.
    const measure = document.body.appendChild(document.createElement('div'))
    measure.style.cssText = 'position: absolute; visibility: hidden; inset: 0 auto auto 0'
    // prettier-ignore
    const measured = [
      'font', 'letter-spacing', 'text-transform', 'width', 'white-space', 'overflow-wrap',
      'word-break', 'hyphens', 'line-height',
    ]
    for (const el of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after'] as const) {
        const style = getComputedStyle(el, pseudo)
        // Words only: an icon drawn by CSS is a glyph of its font's private area.
        const words = /^["'].*[\p{L}\p{N}]/u.test(style.content)
        if (!words || !['absolute', 'fixed'].includes(style.position)) {
          continue
        }
        if (!shown(el)) continue
        const text = style.content.slice(1, -1)
        // Its box, widened to what its text takes where the text runs past it (a label that
        // may not wrap): the text set again, hidden, in the same font and width.
        measure.textContent = text
        for (const property of measured)
          measure.style.setProperty(property, style.getPropertyValue(property))
        const own = el.getBoundingClientRect()
        const left = own.left + el.clientLeft + parseFloat(style.left)
        const top = own.top + el.clientTop + parseFloat(style.top)
        const width = Math.max(parseFloat(style.width), measure.scrollWidth)
        const height = Math.max(parseFloat(style.height), measure.scrollHeight)
        add(new DOMRect(left, top, width, height), el, text, { el, pseudo })
      }
    }
    measure.remove()

    /** The element a sticky part of the page is (the top bar, a report's header or totals). */
    const stickyPart = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) {
        if (getComputedStyle(e).position === 'sticky') return e
      }
      return null
    }
    /**
     * Text scrolled under a sticky part of the page is hidden behind it, not drawn over: what
     * is on top where they cross belongs to a sticky part that holds one of them only.
     */
    const passesUnder = (a: Box, b: Box, x: number, y: number) => {
      const sticky = stickyPart(document.elementFromPoint(x, y))
      return sticky !== null && sticky.contains(a.owner) !== sticky.contains(b.owner)
    }

    const problems = new Set<string>()
    const name = ({ owner, text }: Box) =>
      `"${text.replace(/\s+/g, ' ').slice(0, 40)}" (<${owner.localName}${[...owner.classList].map((c) => `.${c}`).join('')}>)`
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (a.source === b.source) continue
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        // Lines of a paragraph touch (a tall script's glyph boxes reach past the line height):
        // text overlaps when a third of the lower line is covered.
        const lower = Math.min(a.bottom - a.top, b.bottom - b.top)
        const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2
        const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2
        if (width > 2 && height > lower / 3 && !passesUnder(a, b, x, y)) {
          problems.add(`${name(a)} overlaps ${name(b)}`)
        }
      }
    }
    return [...problems]
  })
}
