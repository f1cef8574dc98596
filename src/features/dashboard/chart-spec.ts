/** What a dashboard chart draws: categories, and one or more series of money (minor units) over them. */
export interface ChartSpec {
  labels: string[]
  series: {
    label: string
    values: number[]
    /** Bars, or a dashed line with marks: told apart by shape as well as colour. */
    style: 'bar' | 'line'
  }[]
  /** Categories down the side (long names: classes, families), bars across. */
  horizontal?: boolean
}
