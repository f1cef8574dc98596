import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import type { ChartSpec } from './chart-spec.ts'

/*
 * Chart.js, loaded only by the pages that draw charts (ChartCanvas imports this file
 * dynamically), with only the parts they use registered.
 */
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
)

/**
 * Okabe and Ito's colours, told apart by readers with any colour-vision deficiency: blue for
 * bars, orange (lighter in grey on paper) for the dashed line.
 */
const colours = { bar: '#0072B2', line: '#E69F00' }

interface Formats {
  locale: string
  /** A full amount, as the page writes money. */
  money: (minor: number) => string
  /** An axis tick: short ("৳12K"). */
  tick: (minor: number) => string
}

/** Draws `spec` on `canvas`; the caller destroys the chart when it goes. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec, formats: Formats) {
  const valueAxis = spec.horizontal ? 'x' : 'y'
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s) =>
        s.style === 'line'
          ? {
              type: 'line' as const,
              label: s.label,
              data: s.values,
              borderColor: colours.line,
              backgroundColor: colours.line,
              borderDash: [6, 4],
              pointStyle: 'rectRot',
              pointRadius: 5,
            }
          : {
              type: 'bar' as const,
              label: s.label,
              data: s.values,
              backgroundColor: colours.bar,
            },
      ),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      locale: formats.locale,
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        legend: { display: spec.series.length > 1 },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${formats.money(item.parsed[valueAxis] ?? 0)}`,
          },
        },
      },
      scales: {
        [valueAxis]: {
          beginAtZero: true,
          ticks: { callback: (value: number | string) => formats.tick(Number(value)) },
        },
      },
    },
  })
}
