import { useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react'
import type { InvoicePrintSettings } from '../../../shared/schemas/invoice-print.ts'
import { pageOf } from './print-language.ts'

/** Each printed page's width in millimetres (print CSS's @page sizes). */
const pageWidthMm: Record<string, number> = {
  'a4-portrait': 210,
  'a4-landscape': 297,
  'a5-portrait': 148,
  'a5-landscape': 210,
  thermal80: 80,
}
const pxPerMm = 96 / 25.4

/**
 * The preview of a sheet at its paper's true width, zoomed to the room there is: what shows is
 * what prints, only smaller.
 */
export function PaperPreview({
  settings,
  children,
}: {
  settings: Pick<InvoicePrintSettings, 'paper' | 'copies'>
  children: ReactNode
}): ReactElement {
  const frame = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState(0)
  const widthMm = pageWidthMm[pageOf(settings)]!
  useLayoutEffect(() => {
    const element = frame.current
    if (!element) return
    const measure = () => setRoom(element.clientWidth)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const zoom = room ? Math.min(1, room / (widthMm * pxPerMm)) : 1
  return (
    <div ref={frame} className="paper-preview">
      <div style={{ width: `${widthMm}mm`, zoom, visibility: room ? 'visible' : 'hidden' }}>
        {children}
      </div>
    </div>
  )
}
