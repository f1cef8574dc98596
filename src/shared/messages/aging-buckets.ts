import type { MessageDescriptor } from '@lingui/core'

/**
 * The aging buckets, as the due report's screen and file and the dashboards name them: apart from
 * the files' headings, which the screens that show these need not load.
 */
export const agingBucketNames = {
  notDue: /*i18n*/ { id: 'report.aging.not_due', message: 'Not yet due' },
  days0to30: /*i18n*/ { id: 'report.aging.days_0_30', message: '0–30 days' },
  days31to60: /*i18n*/ { id: 'report.aging.days_31_60', message: '31–60 days' },
  days61to90: /*i18n*/ { id: 'report.aging.days_61_90', message: '61–90 days' },
  over90: /*i18n*/ { id: 'report.aging.over_90', message: 'Over 90 days' },
} satisfies Record<string, MessageDescriptor>
