import { Trans, useLingui } from '@lingui/react/macro'
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ChangeEventHandler,
  type ReactNode,
} from 'react'
import type { DraftAttachment } from '../../lib/offline-db.ts'
import type { AttachmentRequirement } from '../../shared/schemas/admission-forms.ts'
import { formatBytes } from './draft-data.ts'
import { storedFileSource } from './draft-store.ts'
import { typeNames } from './file-messages.ts'

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

const noFile = () => undefined

/**
 * A file kept with a draft, as the offline database holds it now (undefined while reading, and
 * on the server).
 */
export function useStoredFile(id: string): DraftAttachment | undefined {
  const source = useMemo(() => storedFileSource(id), [id])
  return useSyncExternalStore(source.subscribe, source.get, noFile)
}

/**
 * One of the form's attachments as a field: its label, a hint with the types and size it takes
 * (then `hint`), the file chosen so far (`children`), the file input and its error, the input
 * described by the hint and the error.
 */
export function AttachmentField({
  requirement,
  label,
  hint,
  error,
  disabled,
  onChange,
  children,
}: {
  requirement: AttachmentRequirement
  label: ReactNode
  hint?: ReactNode
  error: string | undefined
  disabled?: boolean
  onChange: ChangeEventHandler<HTMLInputElement>
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const id = useId()
  const types = requirement.types.map((type) => typeNames[type]).join(', ')
  const limit = formatBytes(requirement.maxBytes, i18n.locale)
  return (
    <div className="field attachment-field">
      <label htmlFor={id}>{label}</label>
      <small className="muted" id={`${id}-hint`}>
        <Trans>
          {types}, up to {limit}
        </Trans>
        {hint}
      </small>
      {children}
      <input
        id={id}
        type="file"
        name={`attachments.${requirement.kind}`}
        accept={requirement.types.join(',')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        disabled={disabled}
        onChange={onChange}
      />
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  )
}
