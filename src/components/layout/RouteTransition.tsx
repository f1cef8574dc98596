import { useLocation } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'

/**
 * Each page fades and zooms in on navigation (§9 zoom-fade); keyed so it replays per page. The
 * first page does not: it is already there (a server-rendered page is painted before the
 * scripts run), and fading it in would only delay it.
 */
export function RouteTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const [firstPath] = useState(pathname)
  return (
    <div
      key={pathname}
      className={pathname === firstPath ? 'route-transition' : 'route-transition zoom-fade'}
    >
      {children}
    </div>
  )
}
