import { Fragment, type ReactNode } from 'react'
import { ActionButton } from '../../../components/ActionButton.tsx'
import { suggestKey } from './form-draft.ts'

/** What a question or an attachment being typed has: its key follows its label until saved. */
interface ItemDraft {
  uid: string
  label: string
  keySaved: boolean
}

/** The item's fields that hold text, one of which is its (hidden) key. */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T]

/**
 * A section of the form's items (its questions, its attachments): a heading and what the items
 * are, one editor each, an error about them as a whole, and a way to add one (at most `max`).
 */
export function ItemsSection<T extends ItemDraft>({
  id,
  heading,
  intro,
  items,
  error,
  keyField,
  keyFallback,
  max,
  full,
  addLabel,
  newItem,
  onUpdate,
  renderItem,
}: {
  /** The heading's id, which labels the section. */
  id: string
  heading: ReactNode
  intro: ReactNode
  items: T[]
  /** An error about the items as a whole (too many). */
  error: string | undefined
  /** The field that holds an item's key, and the key made when its label gives none. */
  keyField: TextField<T>
  keyFallback: string
  max: number
  /** Why no more can be added once there are `max`. */
  full: string
  addLabel: ReactNode
  newItem: () => T
  onUpdate: (change: (items: T[]) => T[]) => void
  /** One item's editor (the n-th), given how to change it and how to remove it. */
  renderItem: (
    item: T,
    n: number,
    onChange: (change: Partial<T>) => void,
    onRemove: () => void,
  ) => ReactNode
}) {
  // The office names things; the keys their answers and files are stored under are made from
  // the names, unseen (a valid one from the start), and kept once saved.
  const keyed = (item: T, all: T[]): T => {
    if (item.keySaved) return item
    const taken = all.filter((o) => o.uid !== item.uid).map((o) => o[keyField] as string)
    const key = suggestKey(item.label, taken, keyFallback) as T[TextField<T>]
    return { ...item, [keyField]: key }
  }
  const change = (uid: string, change: Partial<T>) =>
    onUpdate((all) =>
      all.map((item) => (item.uid === uid ? keyed({ ...item, ...change }, all) : item)),
    )

  return (
    <section className="staff-form-section" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <p className="muted">{intro}</p>
      {items.map((item, i) => (
        <Fragment key={item.uid}>
          {renderItem(
            item,
            i + 1,
            (next) => change(item.uid, next),
            () => onUpdate((all) => all.filter((o) => o.uid !== item.uid)),
          )}
        </Fragment>
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ActionButton
        className="button"
        reason={items.length >= max ? full : undefined}
        onClick={() => onUpdate((all) => [...all, keyed(newItem(), all)])}
      >
        {addLabel}
      </ActionButton>
    </section>
  )
}
