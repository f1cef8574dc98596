/** What the applicant is told about a file: problems found on this device, refusals by the server. */
import { useLingui } from '@lingui/react/macro'
import { useServerErrors } from '../../lib/server-errors.ts'
import type { AttachmentRequirement, AttachmentType } from '../../shared/schemas/admission-forms.ts'
import {
  formatBytes,
  refusalProblem,
  type AttachmentProblem,
  type UploadResult,
} from './draft-data.ts'

export const typeNames: Record<AttachmentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'application/pdf': 'PDF',
}

/** The message for a file problem found on this device. */
export function useFileProblem() {
  const { t, i18n } = useLingui()
  return (problem: AttachmentProblem | 'storage', requirement: AttachmentRequirement) => {
    const limit = formatBytes(requirement.maxBytes, i18n.locale)
    const types = requirement.types.map((type) => typeNames[type]).join(', ')
    switch (problem) {
      case 'missing':
        return t`Please attach this file.`
      case 'type':
        return t`This type of file is not accepted here. Choose a ${types} file.`
      case 'size':
        return t`This file is too large. The limit is ${limit}.`
      case 'empty':
        return t`This file is empty.`
      case 'storage':
        return t`This device has no room to keep the file. Free some space and try again.`
    }
  }
}

/** Why the server refused a queued upload, in the active language. */
export function useUploadRefusal() {
  const { t } = useLingui()
  const { translate } = useServerErrors()
  const fileProblem = useFileProblem()
  return (result: Pick<UploadResult, 'error' | 'status'>, requirement: AttachmentRequirement) => {
    const problem = refusalProblem(result)
    if (problem) return fileProblem(problem, requirement)
    // The replay found no file to send (only a status-less 'missing' says so).
    if (result.error === 'missing' && result.status === undefined) {
      return t`The file was no longer on this device. Please choose it again.`
    }
    // The server's refusal, else only its status.
    if (typeof result.error === 'object') return translate(result.error)
    return t`The file could not be uploaded.`
  }
}
