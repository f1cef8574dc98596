import type { ReactElement } from 'react'
import { useInstitute } from '../../lib/institute.ts'
import { InstituteLogo } from '../InstituteLogo.tsx'

/** The institute the office works in: its logo and (short) name, in the top bar. */
export function InstituteBrand(): ReactElement | null {
  const institute = useInstitute()
  if (!institute) return null
  return (
    <span className="institute-brand" data-testid="institute-brand">
      {institute.logo && <InstituteLogo logo={institute.logo} height={32} />}
      <span className="institute-brand-name" title={institute.name}>
        {institute.name}
      </span>
    </span>
  )
}
