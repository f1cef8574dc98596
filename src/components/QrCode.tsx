import { useMemo, type ReactElement } from 'react'
import { encode } from 'uqr'

/**
 * A QR code as one SVG path (no canvas, so it prints as sharp as the printer can): each row's
 * runs of dark modules, drawn in the text colour on the page's background, with a quiet zone of
 * two modules. Medium error correction survives a smudged thermal print.
 */
export function QrCode({
  value,
  label,
  className,
}: {
  value: string
  /** What the code holds, for a screen reader (the image has no text of its own). */
  label: string
  className?: string
}): ReactElement {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    // Each run of dark modules in a row as one rectangle: M x y h width v 1 h -width z.
    const runs: string[] = []
    qr.data.forEach((row, y) => {
      let x = 0
      while (x < row.length) {
        if (!row[x]) {
          x++
          continue
        }
        const start = x
        while (x < row.length && row[x]) x++
        runs.push(['M', start, y, 'h', x - start, 'v', 1, 'h', start - x, 'z'].join(' '))
      }
    })
    const d = runs.join('')
    return { size: qr.size, path: d }
  }, [value])
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
