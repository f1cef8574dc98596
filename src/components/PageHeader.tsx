import type { ReactNode } from 'react'

/**
 * The top of a back-office page: its title, a line under it, and the page's actions beside
 * them.
 *
 * - `subtitle`: the muted line under the title;
 * - `back`: a link above the title (to the list a detail page belongs to);
 * - `children`: more under the title (a status badge);
 * - `actions`: buttons on the right. Given at all (even as `false`, an action this user may not
 *   take), the title and its lines sit in a block of their own beside them;
 * - `className`: more classes for the header (`no-print`).
 */
export function PageHeader({
  title,
  subtitle,
  back,
  children,
  actions,
  className,
}: {
  title: ReactNode
  subtitle?: ReactNode
  back?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  className?: string
}) {
  const heading = (
    <>
      {back}
      <h1>{title}</h1>
      {subtitle !== undefined && <p className="muted">{subtitle}</p>}
      {children}
    </>
  )
  const classes = ['page-header', actions !== undefined && 'page-header-actions', className]
    .filter(Boolean)
    .join(' ')
  return (
    <header className={classes}>
      {actions === undefined ? (
        heading
      ) : (
        <>
          <div>{heading}</div>
          {actions}
        </>
      )}
    </header>
  )
}
