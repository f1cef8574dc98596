import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { RowActions, type RowAction } from '../../components/table/RowActions.tsx'
import { httpStatus } from '../../lib/api.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import type { SchoolClass, StructureList } from '../../shared/schemas/academic.ts'
import {
  useCreateStructureItem,
  useDeleteStructureItem,
  useReorderStructure,
  useUpdateStructureItem,
  type StructureInputs,
  type StructureItems,
  type StructurePatches,
} from './mutations.ts'

/** What a row's inputs hold: text for names, dates and numbers, ids for a group's classes. */
export type Values = Record<string, string | string[]>

interface Column {
  key: string
  label: ReactNode
  kind: 'text' | 'date' | 'number' | 'classes'
}

interface StructureTableProps<L extends StructureList> {
  list: L
  /** Names the table for assistive technology and the add button ("Add class"). */
  caption: string
  addLabel: string
  items: StructureItems[L][]
  columns: Column[]
  valuesOf: (item: StructureItems[L] | undefined) => Values
  toInput: (values: Values) => StructureInputs[L]
  toPatch: (values: Values) => StructurePatches[L]
  /** Actions of its own a list offers (marking the current session). */
  extraActions?: (item: StructureItems[L]) => RowAction[]
  /** Badges after an item's name ("Current"). */
  badges?: (item: StructureItems[L]) => ReactNode
  classes?: SchoolClass[]
  editable: boolean
  deletable: boolean
  /** Tells the page which rows hold changes not saved yet. */
  onChanged: (rowKey: string, changed: boolean) => void
}

const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b)

/**
 * One list of the academic structure, edited in place: each row is its own small form (name and
 * the list's fields, saved together), with an active switch, Move up/Move down and Delete.
 */
export function StructureTable<L extends StructureList>(props: StructureTableProps<L>) {
  const { t } = useLingui()
  const { refusalText } = useServerErrors()
  const { list, items, columns, editable, caption } = props
  const [drafts, setDrafts] = useState<string[]>([])
  const reorder = useReorderStructure(list, {
    onError: (err) =>
      showToast({ variant: 'error', title: t`Not moved`, text: refusalText(err) ?? '' }),
  })
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((i) => i.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    reorder.mutate(ids)
  }
  return (
    <div className="table-wrap">
      <table className="table structure-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <HeaderRow
            columns={[
              ...columns.map((c) => ({ label: c.label })),
              { label: <Trans>Active</Trans> },
              { label: <Trans>Actions</Trans>, hidden: true },
            ]}
          />
        </thead>
        <tbody>
          {items.map((item, index) => (
            <ItemRow
              key={`${item.id}:${JSON.stringify(props.valuesOf(item))}`}
              {...props}
              item={item}
              rowKey={item.id}
              moves={{
                up: index > 0 ? () => move(index, -1) : undefined,
                down: index < items.length - 1 ? () => move(index, 1) : undefined,
                busy: reorder.isPending,
              }}
            />
          ))}
          {drafts.map((draft) => (
            <ItemRow
              key={draft}
              {...props}
              item={undefined}
              rowKey={draft}
              onDone={() => setDrafts((d) => d.filter((x) => x !== draft))}
            />
          ))}
          {items.length + drafts.length === 0 && (
            <tr>
              <td colSpan={columns.length + 2} className="muted">
                <Trans>Nothing here yet.</Trans>
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {editable && (
        <button
          type="button"
          className="button"
          onClick={() => setDrafts((d) => [...d, crypto.randomUUID()])}
        >
          {props.addLabel}
        </button>
      )}
    </div>
  )
}

function ItemRow<L extends StructureList>({
  list,
  item,
  rowKey,
  columns,
  valuesOf,
  toInput,
  toPatch,
  extraActions,
  badges,
  classes = [],
  editable,
  deletable,
  onChanged,
  moves,
  onDone,
}: StructureTableProps<L> & {
  item: StructureItems[L] | undefined
  rowKey: string
  moves?: { up: (() => void) | undefined; down: (() => void) | undefined; busy: boolean }
  onDone?: () => void
}) {
  const { t } = useLingui()
  const { fieldErrors, refusalText } = useServerErrors()
  const formId = useId()
  const initial = valuesOf(item)
  const [values, setValues] = useState(initial)
  const set = (key: string, value: string | string[]) => setValues((v) => ({ ...v, [key]: value }))
  const changed = item ? !same(values, initial) : columns.some((c) => String(values[c.key] ?? ''))
  useEffect(() => {
    onChanged(rowKey, changed)
    return () => onChanged(rowKey, false)
  }, [onChanged, rowKey, changed])

  const name = String(values.name ?? '')
  const saved = () => showToast({ variant: 'success', title: t`${name} saved.` })
  const create = useCreateStructureItem(list, { onSuccess: () => (saved(), onDone?.()) })
  const update = useUpdateStructureItem(list, item?.id ?? '', { onSuccess: saved })
  const label = item?.name ?? t`New item`
  const toggle = useUpdateStructureItem(list, item?.id ?? '')
  const remove = useDeleteStructureItem(list, {
    onSuccess: () => showToast({ variant: 'success', title: t`${label} deleted.` }),
  })
  const failed = create.error ?? update.error
  const server = fieldErrors(failed)
  const refusal = [failed, toggle.error, remove.error]
    .filter((e) => e && httpStatus(e) !== 422)
    .map((e) => refusalText(e) ?? t`The server could not be reached.`)[0]

  function submit(e: FormEvent) {
    e.preventDefault()
    if (item) update.mutate(toPatch(values))
    else create.mutate(toInput(values))
  }

  const actions: (RowAction | false)[] = item
    ? [
        editable && {
          label: <Trans>Move up</Trans>,
          name: t`Move up: ${label}`,
          onSelect: () => moves?.up?.(),
          disabled: !moves?.up || moves.busy,
        },
        editable && {
          label: <Trans>Move down</Trans>,
          name: t`Move down: ${label}`,
          onSelect: () => moves?.down?.(),
          disabled: !moves?.down || moves.busy,
        },
        ...(editable ? (extraActions?.(item) ?? []) : []),
        deletable && {
          label: <Trans>Delete</Trans>,
          name: t`Delete ${label}`,
          onSelect: () => {
            if (window.confirm(t`Delete ${label}?`)) remove.mutate(item.id)
          },
        },
      ]
    : []

  return (
    <tr>
      {columns.map((column, i) => {
        const error = server[column.key]
        const value = values[column.key] ?? ''
        const fieldLabel = `${typeof column.label === 'string' ? column.label : column.key} ${label}`
        const Cell = i === 0 ? 'th' : 'td'
        return (
          <Cell key={column.key} scope={i === 0 ? 'row' : undefined}>
            {i === 0 && <form id={formId} noValidate onSubmit={submit} />}
            {!editable ? (
              <span>{column.kind === 'classes' ? classNames(classes, value) : String(value)}</span>
            ) : column.kind === 'classes' ? (
              <ClassPicker
                classes={classes}
                chosen={Array.isArray(value) ? value : []}
                onChange={(ids) => set(column.key, ids)}
                label={t`Classes of ${label}`}
              />
            ) : (
              <input
                form={formId}
                type={column.kind}
                min={column.kind === 'number' ? 1 : undefined}
                aria-label={fieldLabel}
                value={String(value)}
                onChange={(e) => set(column.key, e.target.value)}
                aria-invalid={Boolean(error)}
              />
            )}
            {i === 0 && item && badges?.(item)}
            {error && <small className="field-error block">{error}</small>}
            {i === 0 && refusal && (
              <small className="field-error block" role="alert">
                {refusal}
              </small>
            )}
          </Cell>
        )
      })}
      <td>
        {item ? (
          <input
            type="checkbox"
            aria-label={t`${label} is active`}
            // While the change is on its way, the box shows what was asked for.
            checked={toggle.isPending ? Boolean(toggle.variables?.active) : item.active}
            disabled={!editable || toggle.isPending}
            onChange={(e) => toggle.mutate({ active: e.target.checked } as StructurePatches[L])}
          />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <div className="structure-actions">
          {editable && (
            <SubmitButton
              form={formId}
              className="button-link"
              busy={create.isPending || update.isPending}
              disabled={!changed}
              label={item ? t`Save ${label}` : t`Add ${name}`}
            >
              {item ? <Trans>Save</Trans> : <Trans>Add</Trans>}
            </SubmitButton>
          )}
          {!item && (
            <button type="button" className="button-link" onClick={onDone}>
              <Trans>Cancel</Trans>
            </button>
          )}
          {item && <RowActions actions={actions} label={label} />}
        </div>
      </td>
    </tr>
  )
}

const classNames = (classes: SchoolClass[], ids: string | string[]) => {
  const chosen = Array.isArray(ids) ? ids : []
  return chosen.length
    ? classes
        .filter((c) => chosen.includes(c.id))
        .map((c) => c.name)
        .join(', ')
    : '—'
}

/** The classes a group is limited to, as checkboxes; none means every class. */
function ClassPicker({
  classes,
  chosen,
  onChange,
  label,
}: {
  classes: SchoolClass[]
  chosen: string[]
  onChange: (ids: string[]) => void
  label: string
}) {
  const { t } = useLingui()
  const summary = chosen.length ? classNames(classes, chosen) : t`Every class`
  return (
    <details className="class-picker">
      <summary aria-label={`${label}: ${summary}`}>{summary}</summary>
      <fieldset>
        <legend className="visually-hidden">{label}</legend>
        {classes.map((c) => (
          <label key={c.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(c.id)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))
              }
            />
            {c.name}
          </label>
        ))}
      </fieldset>
    </details>
  )
}
