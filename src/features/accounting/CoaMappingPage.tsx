import './accounting.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactElement } from 'react'
import { UnsavedChangesPrompt } from '../../components/Dialog.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { httpStatus } from '../../lib/api.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts'
import {
  mappingPurposeNames,
  mappingPurposes,
  SetMappingSchema,
  type Account,
  type CoaMapping,
  type MappingPurpose,
} from '../../shared/schemas/accounting.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { postableAccounts } from './chart.ts'
import { accountTypeLabels, mappingPurposeHelp, mappingPurposeLabels } from './labels.ts'
import { useRemoveCoaMapping, useSaveCoaMapping } from './mutations.ts'
import { coaMappingQuery, useChartAccounts } from './queries.ts'

interface Row {
  purpose: MappingPurpose
  mapping: CoaMapping | undefined
  /** A bank account mapping being added: its key is typed in. */
  draft?: string
  /** No bank account is mapped yet. */
  empty?: boolean
}

/** /coa-mapping: which account each posting purpose of the product uses. */
export function CoaMappingPage(): ReactElement {
  const ability = useAbility()
  const { data } = useSuspenseQuery(coaMappingQuery())
  const { accounts, allowed } = useChartAccounts(ability.can('read', 'coa'))
  const [drafts, setDrafts] = useState<string[]>([])
  const editable = ability.can('update', 'coa-mapping')
  // The rows with a change not saved yet: leaving the page asks before they are lost.
  const [changedRows, setChangedRows] = useState<ReadonlySet<string>>(() => new Set())
  const markChanged = useCallback((row: string, changed: boolean) => {
    setChangedRows((current) => {
      if (current.has(row) === changed) return current
      const next = new Set(current)
      if (changed) next.add(row)
      else next.delete(row)
      return next
    })
  }, [])
  const guard = useUnsavedChanges(changedRows.size > 0)

  const rows: Row[] = mappingPurposeNames.flatMap((purpose): Row[] => {
    const mapped = data.data.filter((m) => m.purpose === purpose)
    if (!mappingPurposes[purpose].keyed) return [{ purpose, mapping: mapped[0] }]
    const existing = mapped.map((mapping) => ({ purpose, mapping }))
    if (purpose !== 'bank') return existing
    const added = drafts.map((draft) => ({ purpose, mapping: undefined, draft }))
    if (existing.length + added.length === 0) return [{ purpose, mapping: undefined, empty: true }]
    return [...existing, ...added]
  })
  const addBank = () => setDrafts((d) => [...d, crypto.randomUUID()])
  const dropDraft = (draft: string) => setDrafts((d) => d.filter((x) => x !== draft))

  return (
    <div className="page">
      <PageHeader
        title={<Trans>COA mapping</Trans>}
        subtitle={
          <Trans>
            The accounts that collections, fees, VAT and salaries post to. Each purpose takes an
            active account at the end of a branch, of the purpose’s account type.
          </Trans>
        }
        actions={
          editable && (
            <button type="button" className="button button-primary" onClick={addBank}>
              <Trans>Add bank account mapping</Trans>
            </button>
          )
        }
      />
      {!allowed && (
        <p className="notice">
          <Trans>
            Choosing accounts needs permission to view the chart of accounts; ask an administrator.
          </Trans>
        </p>
      )}
      <section className="card">
        <div className="table-wrap">
          <table className="table mapping-table">
            <thead>
              <HeaderRow
                columns={[
                  { label: <Trans>Purpose</Trans> },
                  { label: <Trans>Bank account or fee head</Trans> },
                  { label: <Trans>Account</Trans> },
                  { label: <Trans>Actions</Trans>, hidden: true },
                ]}
              />
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const first = rows[index - 1]?.purpose !== row.purpose
                if (row.empty) return <EmptyBankRow key={row.purpose} />
                // Keyed by the mapped account too: a row starts afresh when its mapping changes.
                const rowKey =
                  row.draft ?? `${row.purpose}:${row.mapping?.key ?? ''}:${row.mapping?.accountId}`
                const draft = row.draft
                return (
                  <MappingRow
                    key={rowKey}
                    rowKey={rowKey}
                    onChanged={markChanged}
                    row={row}
                    first={first}
                    accounts={accounts}
                    editable={editable && allowed}
                    onDone={draft ? () => dropDraft(draft) : undefined}
                  />
                )
              })}
            </tbody>
          </table>
        </div>
      </section>
      <UnsavedChangesPrompt guard={guard} />
    </div>
  )
}

function EmptyBankRow() {
  const { i18n } = useLingui()
  return (
    <tr className="group-start">
      <th scope="row">
        {i18n._(mappingPurposeLabels.bank)}
        <small className="muted block">{i18n._(mappingPurposeHelp.bank)}</small>
      </th>
      <td colSpan={3} className="muted">
        <Trans>No bank account is mapped yet.</Trans>
      </td>
    </tr>
  )
}

function MappingRow({
  rowKey,
  onChanged,
  row,
  first,
  accounts,
  editable,
  onDone,
}: {
  rowKey: string
  /** Tells the page whether the row holds a change not saved yet. */
  onChanged: (rowKey: string, changed: boolean) => void
  row: Row
  first: boolean
  accounts: readonly Account[]
  editable: boolean
  /** A draft row goes when it is saved or cancelled. */
  onDone: (() => void) | undefined
}) {
  const { t, i18n } = useLingui()
  const { checkFields, fieldErrors, refusalText } = useServerErrors()
  const { purpose, mapping } = row
  // The row's inputs sit in several cells: they belong to one form by its id.
  const formId = useId()
  const spec = mappingPurposes[purpose]
  const [accountId, setAccountId] = useState(mapping?.accountId ?? '')
  const [keyText, setKeyText] = useState('')
  const [touched, setTouched] = useState(false)
  const purposeName = i18n._(mappingPurposeLabels[purpose])
  const typeName = i18n._(accountTypeLabels[spec.type])
  const key = row.draft !== undefined ? keyText.trim() : (mapping?.key ?? null)
  const body = { purpose, key: spec.keyed ? key : null, accountId }

  const current = mapping && accounts.find((a) => a.id === mapping.accountId)
  const options = postableAccounts(accounts, spec.type)
  if (current && !options.includes(current)) options.unshift(current)

  const save = useSaveCoaMapping({
    onSuccess: (saved) => {
      const name = saved.accountName
      const code = saved.glCode
      showToast({ variant: 'success', title: t`${purposeName} now posts to ${code} ${name}.` })
      onDone?.()
    },
  })
  const remove = useRemoveCoaMapping({
    onSuccess: () => {
      showToast({ variant: 'success', title: t`The ${purposeName} mapping was removed.` })
    },
  })

  const local = touched ? checkFields(SetMappingSchema, body) : {}
  const keyMissing = touched && row.draft !== undefined && !keyText.trim()
  const failed = save.error ?? remove.error
  const server = fieldErrors(failed)
  const refusal =
    failed && httpStatus(failed) !== 422
      ? (refusalText(failed) ?? t`The server could not be reached.`)
      : undefined
  const accountError =
    local.accountId && !accountId ? t`Choose an account.` : (server.accountId ?? local.accountId)
  const keyError = keyMissing ? t`Name the bank account.` : (server.key ?? local.key)
  const otherError = refusal ?? server.purpose ?? server._
  const changed = row.draft !== undefined || accountId !== (mapping?.accountId ?? '')
  // A new row counts as a change once something is typed or chosen in it.
  const unsaved = row.draft !== undefined ? Boolean(keyText.trim() || accountId) : changed
  useEffect(() => {
    onChanged(rowKey, unsaved)
    return () => onChanged(rowKey, false)
  }, [onChanged, rowKey, unsaved])

  function submit(e: FormEvent) {
    e.preventDefault()
    setTouched(true)
    if (!accountId || (row.draft !== undefined && !keyText.trim())) return
    if (Object.keys(checkFields(SetMappingSchema, body)).length) return
    save.mutate(body)
  }

  const keyLabel = purpose === 'fee_income' ? t`Fee head` : t`Bank account name`
  const selectLabel = key ? t`Account for ${purposeName} ${key}` : t`Account for ${purposeName}`

  return (
    <tr className={first ? 'group-start' : undefined}>
      <th scope="row">
        {first && (
          <>
            {purposeName}
            <small className="muted block">{i18n._(mappingPurposeHelp[purpose])}</small>
            <small className="tag">{typeName}</small>
          </>
        )}
      </th>
      <td>
        {row.draft !== undefined ? (
          <>
            <input
              form={formId}
              aria-label={keyLabel}
              placeholder={keyLabel}
              value={keyText}
              onChange={(e) => setKeyText(e.target.value)}
              aria-invalid={Boolean(keyError)}
            />
            {keyError && <small className="field-error block">{keyError}</small>}
          </>
        ) : spec.keyed ? (
          <span>{mapping?.key}</span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <form id={formId} noValidate onSubmit={submit} />
        {editable ? (
          <AccountSelect
            form={formId}
            accounts={options}
            value={accountId}
            onChange={setAccountId}
            placeholder={t`Not mapped`}
            aria-label={selectLabel}
            aria-invalid={Boolean(accountError)}
          />
        ) : mapping ? (
          <span>
            {mapping.glCode} · {mapping.accountName}
          </span>
        ) : (
          <span className="tag tag-warning">
            <Trans>Not mapped</Trans>
          </span>
        )}
        {accountError && <small className="field-error block">{accountError}</small>}
        {otherError && (
          <small className="field-error block" role="alert">
            {otherError}
          </small>
        )}
      </td>
      <td className="row-actions">
        {editable && (
          <>
            <SubmitButton
              form={formId}
              className="button-link"
              busy={save.isPending}
              disabled={!changed}
              label={key ? t`Save ${purposeName} ${key}` : t`Save ${purposeName}`}
            >
              <Trans>Save</Trans>
            </SubmitButton>
            {row.draft !== undefined ? (
              <button type="button" className="button-link" onClick={onDone}>
                <Trans>Cancel</Trans>
              </button>
            ) : (
              mapping && (
                <button
                  type="button"
                  className="button-link"
                  disabled={remove.isPending}
                  aria-label={key ? t`Remove ${purposeName} ${key}` : t`Remove ${purposeName}`}
                  onClick={() => {
                    if (window.confirm(t`Remove the ${purposeName} mapping?`))
                      remove.mutate({ purpose, key: mapping?.key })
                  }}
                >
                  <Trans>Remove</Trans>
                </button>
              )
            )}
          </>
        )}
      </td>
    </tr>
  )
}
