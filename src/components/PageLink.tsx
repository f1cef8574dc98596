import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { navigateTo } from '../lib/navigation.ts'

/**
 * A link to a page by its address, for components the public pages share with the staff app:
 * in the staff app a press is the router's navigation; on a public page (no router) it is the
 * browser's own. A press with a modifier key, or of another button, is always the browser's.
 */
export function PageLink({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return
    if (props.target && props.target !== '_self') return
    e.preventDefault()
    void navigateTo(href)
  }
  return <a {...props} href={href} onClick={follow} />
}
