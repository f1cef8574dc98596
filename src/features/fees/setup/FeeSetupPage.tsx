import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import { FeeGrid } from './FeeGrid.tsx'
import { FeeHeadsSection } from './FeeHeadsSection.tsx'
import { useSaveFeeGrid } from './mutations.ts'
import { feeStructureQuery, paymentCyclesQuery } from '../queries.ts'
import { feeHeadsQuery } from '../../../lib/fee-heads.ts'
import { feeGridQuery } from './queries.ts'
import '../fees.css'

// Below the grid, with queries of its own: its code comes while the grid is on screen.
const ClassOverridesSection = lazy(() =>
  import('./ClassOverridesSection.tsx').then((m) => ({ default: m.ClassOverridesSection })),
)
const CopyConfigDialog = lazy(() =>
  import('./CopyConfigDialog.tsx').then((m) => ({ default: m.CopyConfigDialog })),
)

/** What the grid shows, as the page's address has it (ids; absent = the default). */
export interface FeeGridSearch {
  session?: string | undefined
  campus?: string | undefined
  group?: string | undefined
  cycle?: string | undefined
}

/** /std-fee-config: the fee heads, and the amounts per session, class and head in a grid. */
export function FeeSetupPage({
  search,
  onSearchChange,
}: {
  search: FeeGridSearch
  onSearchChange: (next: FeeGridSearch) => void
}): ReactElement {
  const structure = useSuspenseQuery(feeStructureQuery('/std-fee-config')).data
  const heads = useSuspenseQuery(feeHeadsQuery('/std-fee-config')).data.data
  const sessionId =
    search.session ?? (structure.sessions.find((s) => s.isCurrent) ?? structure.sessions.at(-1))?.id

  return (
    <div className="page fees-page">
      <PageHeader
        title={<Trans>Fee configuration</Trans>}
        subtitle={
          <Trans>
            The fees the institute charges, and how much each class pays per session. Recurring fees
            are charged per period of a payment cycle.
          </Trans>
        }
      />
      <FeeHeadsSection heads={heads} />
      {sessionId ? (
        <Suspense fallback={<section className="card" aria-busy="true" />}>
          <ConfigSection
            structure={structure}
            heads={heads.filter((h) => h.active)}
            search={{ ...search, session: sessionId }}
            onSearchChange={onSearchChange}
          />
          <ClassOverridesSection
            structure={structure}
            heads={heads.filter((h) => h.active)}
            academicSessionId={sessionId}
          />
        </Suspense>
      ) : (
        <section className="card">
          <p className="muted">
            <Trans>Add an academic session first: fees are configured per session.</Trans>
          </p>
        </section>
      )}
    </div>
  )
}

function ConfigSection({
  structure,
  heads,
  search,
  onSearchChange,
}: {
  structure: FeeStructure
  heads: FeeHead[]
  search: FeeGridSearch & { session: string }
  onSearchChange: (next: FeeGridSearch) => void
}) {
  const { t } = useLingui()
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const [copying, setCopying] = useState(false)
  const cycles = useSuspenseQuery(paymentCyclesQuery(search.session, '/std-fee-config')).data.data
  const cycleId = search.cycle ?? cycles[0]?.id
  const scope = {
    academicSessionId: search.session,
    campusId: search.campus ?? null,
    groupId: search.group ?? null,
    cycleId: cycleId ?? null,
  }
  const grid = useSuspenseQuery(feeGridQuery(scope)).data
  const save = useSaveFeeGrid({
    onError: (err) => toastUnlessFieldError(err, t`The amounts were not saved`),
  })
  const group = structure.groups.find((g) => g.id === search.group)
  const classes = structure.classes.filter(
    (c) => c.active && (!group || group.classIds.length === 0 || group.classIds.includes(c.id)),
  )
  const canEdit = ability.can('update', 'std-fee-config')
  const recurring = heads.some((h) => h.kind === 'recurring')

  return (
    <section className="card" aria-labelledby="fee-grid-title">
      <div className="page-header-actions">
        <h2 id="fee-grid-title">
          <Trans>Amounts per class</Trans>
        </h2>
        {ability.can('create', 'std-fee-config') && structure.sessions.length > 1 && (
          <button type="button" className="button" onClick={() => setCopying(true)}>
            <Trans>Copy to another session…</Trans>
          </button>
        )}
      </div>
      <div className="toolbar">
        <label>
          <Trans>Session</Trans>{' '}
          <select
            value={search.session}
            onChange={(e) => onSearchChange({ session: e.target.value, cycle: undefined })}
          >
            {structure.sessions.map(({ id, name, isCurrent }) => (
              <option key={id} value={id}>
                {isCurrent ? t`${name} (current)` : name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <Trans>Campus</Trans>{' '}
          <select
            value={search.campus ?? ''}
            onChange={(e) => onSearchChange({ ...search, campus: e.target.value || undefined })}
          >
            <option value="">{t`All campuses`}</option>
            {structure.campuses.map(({ id, name }) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {structure.groups.length > 0 && (
          <label>
            <Trans>Group</Trans>{' '}
            <select
              value={search.group ?? ''}
              onChange={(e) => onSearchChange({ ...search, group: e.target.value || undefined })}
            >
              <option value="">{t`All groups`}</option>
              {structure.groups.map(({ id, name }) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        {recurring && cycles.length > 0 && (
          <label>
            <Trans>Payment cycle</Trans>{' '}
            <select
              value={cycleId ?? ''}
              onChange={(e) => onSearchChange({ ...search, cycle: e.target.value })}
            >
              {cycles.map(({ id, name }) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {recurring && cycles.length === 0 && (
        <p className="muted">
          <Trans>
            This session has no payment cycle yet: add one under Payment cycles to enter recurring
            fees.
          </Trans>
        </p>
      )}
      {heads.length === 0 ? (
        <p className="muted">
          <Trans>Add a fee head to configure its amounts.</Trans>
        </p>
      ) : (
        <FeeGrid
          key={JSON.stringify(scope)}
          classes={classes}
          heads={heads}
          cells={grid.cells}
          editable={canEdit}
          recurringLocked={!cycleId}
          saving={save.isPending}
          onSave={(changes, done) =>
            save.mutate(
              { ...scope, changes },
              {
                onSuccess: ({ changed }) => {
                  done()
                  showToast({
                    variant: 'success',
                    title: t({
                      message: plural(changed, {
                        one: '# amount was saved.',
                        other: '# amounts were saved.',
                      }),
                    }),
                  })
                },
              },
            )
          }
        />
      )}
      {copying && (
        <Suspense fallback={null}>
          <CopyConfigDialog
            sessions={structure.sessions}
            fromSessionId={search.session}
            onClose={() => setCopying(false)}
          />
        </Suspense>
      )}
    </section>
  )
}
