import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import type { DraftAttachment } from '../../lib/offline-db.ts'
import { storedFileSource } from './draft-store.ts'

/** A labelled select with its error under it, as Field is for inputs. */
export function SelectField({
  label,
  error,
  children,
  ...select
}: {
  label: ReactNode
  error?: string | undefined
  children: ReactNode
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  )
}

/** A labelled textarea with its error under it. */
export function TextAreaField({
  label,
  error,
  ...textarea
}: {
  label: ReactNode
  error?: string | undefined
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  )
}

/** A picture from a Blob, through an object URL that is revoked when the picture goes. */
export function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(blob)
    if (ref.current) ref.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [blob])
  return <img ref={ref} alt={alt} className="attachment-thumb" decoding="async" />
}

/** A file kept with a draft, as the offline database holds it now (undefined while reading). */
export function useStoredFile(id: string): DraftAttachment | undefined {
  const source = useMemo(() => storedFileSource(id), [id])
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}
