import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useMoney } from '../../lib/use-money.ts'
import { numberFormat } from '../../shared/intl-formats.ts'
import { formatMoney } from '../../shared/money.ts'
import type { ChartSpec } from './chart-spec.ts'

/**
 * A chart of `spec`, drawn once Chart.js has loaded (its own chunk, fetched by this component
 * alone). The canvas is hidden from screen readers: the tile's table carries the figures.
 */
export function ChartCanvas({ spec }: { spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const { i18n } = useLingui()
  const { currency, digits } = useMoney()
  // Redrawn when the figures, the language or the currency change, not on every render.
  const drawn = JSON.stringify([spec, i18n.locale, currency, digits])
  useEffect(() => {
    const [shown, locale, code, places] = JSON.parse(drawn) as [ChartSpec, string, string, number]
    let chart: { destroy: () => void } | undefined
    let gone = false
    const short = numberFormat(locale, {
      style: 'currency',
      currency: code,
      notation: 'compact',
      maximumFractionDigits: 1,
    })
    void import('./chart-js.ts').then(({ drawChart }) => {
      if (gone || !canvas.current) return
      chart = drawChart(canvas.current, shown, {
        locale,
        money: (minor) => formatMoney(minor, code, locale, places),
        tick: (minor) => short.format(minor / 10 ** places),
      })
    })
    return () => {
      gone = true
      chart?.destroy()
    }
  }, [drawn])
  return (
    <div className="chart-box">
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  )
}
