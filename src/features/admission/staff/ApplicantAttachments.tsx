import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useFormat } from '../../../lib/format.ts'
import type { Applicant } from '../../../shared/schemas/admission-applicants.ts'
import type { AttachmentType } from '../../../shared/schemas/admission-forms.ts'
import { useAdmissionErrors } from './errors.ts'
import { AttachmentPreview } from './AttachmentPreview.tsx'
import { attachmentTypeNames } from './form-state.ts'
import { useDownloadAttachment } from './mutations.ts'

type AttachmentFile = Applicant['attachments'][number]

/** A file size as people read it, in the user's language: "820 kB", "2.4 MB". */
function useFileSize() {
  const { i18n } = useLingui()
  return (bytes: number) => {
    const [value, unit] =
      bytes >= 1024 * 1024
        ? [bytes / (1024 * 1024), 'megabyte']
        : bytes >= 1024
          ? [bytes / 1024, 'kilobyte']
          : [bytes, 'byte']
    return new Intl.NumberFormat(i18n.locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value)
  }
}

/**
 * The files of an application, one row per upload under the attachment the form asks for (or a
 * row saying it is missing), then files under kinds the form no longer asks for; each shows on
 * the page (one at a time, under the list) and downloads.
 */
export function ApplicantAttachments({ applicant }: { applicant: Applicant }) {
  const { t } = useLingui()
  const { dateTime } = useFormat()
  const fileSize = useFileSize()
  const errorsOf = useAdmissionErrors()
  const download = useDownloadAttachment(applicant.id, {
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The file was not downloaded`),
  })
  const [previewId, setPreviewId] = useState<string>()
  const previewed = applicant.attachments.find((a) => a.id === previewId)
  // Closing the preview puts the focus back on the button that opened it.
  const previewButton = useRef<HTMLButtonElement>(null)
  const requiredKinds = new Set(applicant.attachmentRequirements.map((r) => r.kind))
  const strayFiles = applicant.attachments.filter((a) => !requiredKinds.has(a.kind))

  const fileRow = (file: AttachmentFile, label: string) => {
    const fileName = file.fileName
    return (
      <tr key={file.id}>
        <td>{label}</td>
        <td className="ellipsis" title={fileName}>
          {fileName}
        </td>
        <td className="amount">{fileSize(file.size)}</td>
        <td>{attachmentTypeNames[file.contentType as AttachmentType] ?? file.contentType}</td>
        <td>{dateTime(new Date(file.uploadedAt))}</td>
        <td className="row-actions">
          <button
            type="button"
            className="button-link"
            aria-label={t`Preview ${fileName}`}
            aria-pressed={file.id === previewId}
            onClick={(e) => {
              previewButton.current = e.currentTarget
              setPreviewId(file.id === previewId ? undefined : file.id)
            }}
          >
            <Trans>Preview</Trans>
          </button>
          <button
            type="button"
            className="button-link"
            aria-label={t`Download ${fileName}`}
            disabled={download.isPending && download.variables?.id === file.id}
            onClick={() => download.mutate(file)}
          >
            <Trans>Download</Trans>
          </button>
        </td>
      </tr>
    )
  }

  return (
    <section className="card" aria-labelledby="applicant-attachments">
      <h2 id="applicant-attachments">
        <Trans>Attachments</Trans>
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <HeaderRow
              columns={[
                { label: <Trans>Attachment</Trans> },
                { label: <Trans>File</Trans> },
                { label: <Trans>Size</Trans>, amount: true },
                { label: <Trans>Type</Trans> },
                { label: <Trans>Uploaded</Trans> },
                { label: <Trans>Actions</Trans>, hidden: true },
              ]}
            />
          </thead>
          <tbody>
            {applicant.attachmentRequirements.map((requirement) => {
              const files = applicant.attachments.filter((a) => a.kind === requirement.kind)
              if (files.length) return files.map((file) => fileRow(file, requirement.label))
              return (
                <tr key={`missing-${requirement.kind}`}>
                  <td>{requirement.label}</td>
                  <td colSpan={5}>
                    {requirement.required ? (
                      <span className="attachment-missing">
                        <Trans>Missing (required)</Trans>
                      </span>
                    ) : (
                      <span className="muted">
                        <Trans>Not uploaded (optional)</Trans>
                      </span>
                    )}
                  </td>
                </tr>
              )
            })}
            {strayFiles.map((file) => fileRow(file, file.label || file.kind))}
            {applicant.attachmentRequirements.length === 0 && strayFiles.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  <Trans>This form asks for no attachments.</Trans>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {previewed && (
        <AttachmentPreview
          applicantId={applicant.id}
          file={previewed}
          onClose={() => {
            setPreviewId(undefined)
            previewButton.current?.focus()
          }}
          onDownload={() => download.mutate(previewed)}
        />
      )}
    </section>
  )
}
