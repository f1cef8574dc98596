import { useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'
import { uploadPath } from './paths.ts'
import { applicationQuery } from './queries.ts'

/*
 * The applicant's writes that go through the API client. Apart from queries.ts on purpose: the
 * loaders and the pages that only read import that one, and stay without the client and its
 * token refresh. (A submission is not here: it goes through the outbox, so it survives going
 * offline.)
 */

/** Uploads to a submitted application, one file at a time, then the application read again. */
export function useAttachmentUploads(institute: string, temporaryId: string) {
  const queryClient = useQueryClient()
  return {
    /** One PUT of the confirmation (phone or date of birth) and the file; the server judges both. */
    upload: async (kind: string, confirm: string, file: File, fileName: string): Promise<void> => {
      const body = new FormData()
      body.append('confirm', confirm)
      body.append('file', file, fileName)
      await api.put(uploadPath(institute, temporaryId, kind), { body, timeout: 180_000 })
    },
    /** After a round of uploads, however it went: what the institute now has is read again. */
    refresh: () =>
      queryClient.invalidateQueries({
        queryKey: applicationQuery(institute, temporaryId).queryKey,
      }),
  }
}
