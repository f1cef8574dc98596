import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ToggleEvent,
} from 'react'
import { placePopover } from './placement.ts'

type Target = 'first' | 'last' | 'next' | 'previous'

/** The entries of a popover the arrow keys go through: menu items (checkable ones too), or links. */
const entriesOf = (popover: HTMLElement) =>
  Array.from(
    popover.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"], a[href]'),
  )

/**
 * A button and the popover it opens (the Popover API, `popover="auto"`): shown in the top layer,
 * so no table or menu bar that scrolls cuts it off, and closed by a click outside, by another
 * popover opening, by Escape (focus back on the button), by Tab leaving it, and by scrolling or
 * resizing the window (it would stay behind). It opens beside the button, lined up with the
 * button's `align` edge in the reading direction; the arrow keys, Home and End move through its
 * entries, ArrowDown/ArrowUp on the button open it at the first/last one. With `focusFirst`
 * (a menu) opening it focuses its first entry; otherwise (a list of links) focus stays put.
 */
export function usePopover<P extends HTMLElement>({
  align,
  focusFirst,
}: {
  align: 'start' | 'end'
  focusFirst: boolean
}) {
  const id = useId()
  const trigger = useRef<HTMLButtonElement>(null)
  const popover = useRef<P>(null)
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<Target | undefined>(undefined)

  const isOpen = () => popover.current?.matches(':popover-open') ?? false
  const close = ({ refocus }: { refocus: boolean }) => {
    if (isOpen()) popover.current?.hidePopover()
    if (refocus) trigger.current?.focus()
  }

  const focusEntry = (target: Target) => {
    const entries = popover.current ? entriesOf(popover.current) : []
    if (!entries.length) return
    const at = entries.indexOf(document.activeElement as HTMLElement)
    const index =
      target === 'first'
        ? 0
        : target === 'last'
          ? entries.length - 1
          : target === 'next'
            ? (at + 1) % entries.length
            : (at - 1 + entries.length) % entries.length
    entries[index]?.focus()
  }

  const place = () => {
    const button = trigger.current
    const box = popover.current
    if (!button || !box) return
    const { top, left } = placePopover(
      button.getBoundingClientRect(),
      { width: box.offsetWidth, height: box.offsetHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
      { align, rtl: getComputedStyle(button).direction === 'rtl' },
    )
    box.style.top = `${top}px`
    box.style.left = `${left}px`
  }

  useEffect(() => {
    const box = popover.current
    if (!open || !box) return
    const hide = () => {
      if (box.matches(':popover-open')) box.hidePopover()
    }
    const onScroll = (e: Event) => {
      if (!box.contains(e.target as Node)) hide()
    }
    const onResize = hide
    window.addEventListener('scroll', onScroll, true)
    window.addEventListener('resize', onResize)
    return () => {
      window.removeEventListener('scroll', onScroll, true)
      window.removeEventListener('resize', onResize)
    }
  }, [open])

  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    popoverTarget: id,
    'aria-expanded': open,
    'aria-controls': id,
    onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
      e.preventDefault()
      const target = e.key === 'ArrowDown' ? 'first' : 'last'
      if (isOpen()) return focusEntry(target)
      focusOnOpen.current = target
      popover.current?.showPopover()
    },
  }

  const popoverProps = {
    ref: popover,
    id,
    popover: 'auto' as const,
    // Placed in the frame it first shows in, measured by then: it never flashes elsewhere.
    onBeforeToggle: (e: ToggleEvent<P>) => {
      if (e.newState === 'open') requestAnimationFrame(place)
    },
    onToggle: (e: ToggleEvent<P>) => {
      const nowOpen = e.newState === 'open'
      setOpen(nowOpen)
      const target = focusOnOpen.current ?? (focusFirst ? 'first' : undefined)
      focusOnOpen.current = undefined
      if (nowOpen && target) focusEntry(target)
    },
    onKeyDown: (e: KeyboardEvent<P>) => {
      const moves: Record<string, Target> = {
        ArrowDown: 'next',
        ArrowUp: 'previous',
        Home: 'first',
        End: 'last',
      }
      const move = moves[e.key]
      if (move) {
        e.preventDefault()
        focusEntry(move)
      } else if (e.key === 'Escape') {
        e.preventDefault()
        close({ refocus: true })
      }
    },
    onBlur: (e: FocusEvent<P>) => {
      const to = e.relatedTarget
      if (to && !popover.current?.contains(to) && to !== trigger.current) close({ refocus: false })
    },
  }

  return { open, close, triggerProps, popoverProps }
}
