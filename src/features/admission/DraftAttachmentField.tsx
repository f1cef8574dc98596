import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { AttachmentRequirement } from '../../shared/schemas/admission-forms.ts'
import { AttachmentField, BlobImage, useStoredFile } from './controls.tsx'
import { formatBytes, type AttachmentMeta } from './draft-data.ts'
import { typeNames } from './file-messages.ts'

const isImage = (type: string) => type.startsWith('image/')

/** One of the form's attachments: the kept file (a preview for pictures) and a file input. */
export function DraftAttachmentField({
  requirement,
  label,
  meta,
  error,
  onChoose,
  onRemove,
}: {
  requirement: AttachmentRequirement
  label: ReactNode
  meta: AttachmentMeta | undefined
  error: string | undefined
  onChoose: (file: File) => Promise<void>
  onRemove: () => void
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const keptName = meta?.name ?? ''
  return (
    <AttachmentField
      requirement={requirement}
      label={label}
      error={error}
      disabled={busy}
      onChange={async (e) => {
        const input = e.currentTarget
        const file = input.files?.[0]
        if (!file) return
        setBusy(true)
        try {
          await onChoose(file)
        } finally {
          setBusy(false)
          // The same file may be chosen again after removing it.
          input.value = ''
        }
      }}
    >
      {meta && <KeptFile meta={meta} onRemove={onRemove} removeLabel={t`Remove ${keptName}`} />}
    </AttachmentField>
  )
}

function KeptFile({
  meta,
  onRemove,
  removeLabel,
}: {
  meta: AttachmentMeta
  onRemove: () => void
  removeLabel: string
}) {
  const { i18n } = useLingui()
  const stored = useStoredFile(meta.id)
  return (
    <div className="kept-file" data-testid="kept-file">
      {stored && isImage(meta.type) ? (
        <BlobImage blob={stored.blob} alt="" />
      ) : (
        <span className="file-badge" aria-hidden="true">
          {typeNames[meta.type]}
        </span>
      )}
      <span className="kept-file-name">
        <span className="ellipsis">{meta.name}</span>
        <small className="muted">{formatBytes(meta.size, i18n.locale)}</small>
      </span>
      <button type="button" className="button-link" onClick={onRemove} aria-label={removeLabel}>
        <Trans>Remove</Trans>
      </button>
    </div>
  )
}
