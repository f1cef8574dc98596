import type { ReactElement } from 'react'
import type { Logo } from '../shared/schemas/institutes.ts'

/**
 * The institute's logo at a given height, its width from the stored size: the page keeps its
 * room before the image arrives, so nothing moves when it does. Decorative beside the name.
 */
export function InstituteLogo({ logo, height }: { logo: Logo; height: number }): ReactElement {
  // A very wide logo is shown no wider than four times its height, scaled to fit.
  const width = Math.min(Math.round((height * logo.width) / logo.height), height * 4)
  return (
    <img
      className="institute-logo"
      src={logo.url}
      alt=""
      width={width}
      height={height}
      decoding="async"
    />
  )
}
