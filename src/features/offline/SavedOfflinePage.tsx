import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { navItems } from '../../components/layout/nav-items.ts'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useFormat } from '../../lib/format.ts'
import type { StoredRead } from '../../lib/offline-db.ts'
import { usePinRead, useRemoveReads } from './mutations.ts'
import { savedReadsQuery } from './queries.ts'

/** Screens outside the menu that keep reads too. */
const otherScreens: Record<string, MessageDescriptor> = {
  '/vouchers/$voucherId': msg`Voucher`,
  '/admission-applicants/$applicantId': msg`Applicant`,
  '/students/$studentId': msg`Student`,
  '/profile-password-change': msg`Your sign-ins`,
  '/dashboard/analytics': msg`Analytics`,
  '/old-dashboard': msg`Figures at a glance`,
}
const screenTitles: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(navItems.map((item) => [item.to, item.label])),
  ...otherScreens,
}

/** The parameters of a read in words a person can scan: `asOf 2026-11-23 · page 2`. */
function describe(row: StoredRead): string {
  const params = [...new URLSearchParams(row.params)]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name} ${value}`)
  if (params.length > 0) return params.join(' · ')
  const id = row.endpoint.split('/').pop() ?? ''
  return /\d/.test(id) ? id : ''
}

function useSize() {
  const { i18n } = useLingui()
  return (bytes: number) =>
    new Intl.NumberFormat(i18n.locale, {
      style: 'unit',
      unit: bytes < 1024 * 1024 ? 'kilobyte' : 'megabyte',
      maximumFractionDigits: 1,
    }).format(bytes < 1024 * 1024 ? bytes / 1024 : bytes / 1024 / 1024)
}

export function SavedOfflinePage() {
  const { t, i18n } = useLingui()
  const { dateTime } = useFormat()
  const size = useSize()
  const { data } = useSuspenseQuery(savedReadsQuery())
  const pin = usePinRead()
  const remove = useRemoveReads()
  const count = data.rows.length
  const total = size(data.rows.reduce((sum, row) => sum + row.size, 0))
  const limit = size(data.limit)

  return (
    <div className="page" data-testid="saved-offline">
      <PageHeader
        title={<Trans>Saved for offline</Trans>}
        subtitle={
          <Trans>
            Every page you open is kept on this device, so you can read it again without a network,
            as it was when you last opened it. Up to {limit} is kept; past that the oldest goes
            first. Pinned pages are always kept and are refreshed whenever the app is online.
            Signing out removes everything kept for you.
          </Trans>
        }
      />
      <section className="card">
        {data.rows.length === 0 ? (
          <p className="notice" role="note">
            <Trans>Nothing is kept for you on this device yet.</Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans>
                Pages kept: {count}, {total} in all.
              </Trans>{' '}
              <button
                type="button"
                className="button-link"
                onClick={() => remove.mutate(data.rows.map((row) => row.key))}
              >
                <Trans>Remove all</Trans>
              </button>
            </p>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <HeaderRow
                    columns={[
                      { label: <Trans>Page</Trans> },
                      { label: <Trans>Shows</Trans> },
                      { label: <Trans>Fetched</Trans> },
                      { label: <Trans>Size</Trans>, amount: true },
                      { label: <Trans>Pinned</Trans> },
                      { label: <Trans>Actions</Trans>, hidden: true },
                    ]}
                  />
                </thead>
                <tbody>
                  {data.rows.map((row) => {
                    const title = screenTitles[row.screen]
                    const name = title ? i18n._(title) : row.screen
                    return (
                      <tr key={row.key} data-testid="saved-read">
                        <td>{name}</td>
                        <td>{describe(row)}</td>
                        <td>{dateTime(row.fetchedAt)}</td>
                        <td className="amount">{size(row.size)}</td>
                        <td>
                          <input
                            type="checkbox"
                            checked={
                              pin.isPending && pin.variables.key === row.key
                                ? pin.variables.pinned
                                : row.pinned === 1
                            }
                            aria-label={t`Pin ${name}`}
                            onChange={(e) => pin.mutate({ key: row.key, pinned: e.target.checked })}
                          />
                        </td>
                        <td>
                          <button
                            type="button"
                            className="button-link"
                            aria-label={t`Remove ${name}`}
                            onClick={() => remove.mutate([row.key])}
                          >
                            <Trans>Remove</Trans>
                          </button>
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  )
}
