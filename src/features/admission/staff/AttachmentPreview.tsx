import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '../../../components/icons.tsx'
import type { StaffAttachment } from '../../../shared/schemas/admission-applicants.ts'
import { attachmentPreviewQuery } from './queries.ts'

/** A Blob URL for as long as the Blob is shown, let go of afterwards. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!blob) return
    const made = URL.createObjectURL(blob)
    // Made and let go of in the same effect, so its life is the effect's (a URL made while
    // rendering would be revoked by Strict Mode's trial clean-up and never made again).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(made)
    return () => {
      URL.revokeObjectURL(made)
      setUrl(undefined)
    }
  }, [blob])
  return url
}

const isImage = (type: string) => ['image/jpeg', 'image/png', 'image/webp'].includes(type)

/**
 * One of an application's files shown on its page: an image as an image, a PDF in the browser's
 * own viewer (not sandboxed: browsers refuse to show a PDF in a sandboxed frame; the server
 * refused any with active content, and a Blob URL carries only the type given here). Links to
 * open it in a tab or save it stay for a browser that shows no PDF.
 */
export function AttachmentPreview({
  applicantId,
  file,
  onClose,
  onDownload,
}: {
  applicantId: string
  file: StaffAttachment
  onClose: () => void
  onDownload: () => void
}) {
  const { t } = useLingui()
  const preview = useQuery(attachmentPreviewQuery(applicantId, file))
  const url = useObjectUrl(preview.data)
  const heading = useRef<HTMLHeadingElement>(null)
  const name = file.fileName
  const label = file.label
  const pdf = file.contentType === 'application/pdf'
  const viewsPdf = navigator.pdfViewerEnabled !== false
  // The focus follows what was asked for, so a keyboard or a screen reader finds it.
  useEffect(() => heading.current?.focus(), [file.id])

  return (
    <section className="attachment-preview" aria-labelledby="attachment-preview-title">
      <header className="attachment-preview-header">
        <h3 id="attachment-preview-title" ref={heading} tabIndex={-1}>
          {label}: <span className="muted">{name}</span>
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Close the preview`}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </header>
      {preview.isPending && (
        <p className="muted" role="status">
          <Trans>Loading the preview…</Trans>
        </p>
      )}
      {preview.isError && (
        <p className="field-error" role="alert">
          <Trans>The preview could not be loaded.</Trans>
        </p>
      )}
      {url && isImage(file.contentType) && <img src={url} alt={t`${label}: ${name}`} />}
      {url && pdf && viewsPdf && <iframe src={url} title={t`${label}: ${name}`} />}
      {pdf && !viewsPdf && (
        <p className="muted">
          <Trans>
            This browser cannot show a PDF on the page: open it in a new tab or download it.
          </Trans>
        </p>
      )}
      <p className="attachment-preview-links">
        {url && (
          <a href={url} target="_blank" rel="noopener noreferrer">
            <Trans>Open in a new tab</Trans>
          </a>
        )}
        <button type="button" className="button-link" onClick={onDownload}>
          <Trans>Download</Trans>
        </button>
      </p>
    </section>
  )
}
