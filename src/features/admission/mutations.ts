import { useLingui } from '@lingui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { postPublicJson, putPublicForm } from '../../lib/public-api.ts'
import {
  SentApplicationLinkSchema,
  type LinkChannel,
  type SentApplicationLink,
} from '../../shared/schemas/admission-applications.ts'
import { sendLinkPath, uploadPath } from './paths.ts'
import { applicationQuery } from './queries.ts'

/*
 * The applicant's writes, with a plain fetch (src/lib/public-api.ts): they carry no session, so
 * the public pages never download the API client and its token refresh. (A submission is not
 * here: it goes through the outbox, so it survives going offline.)
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
      await putPublicForm(uploadPath(institute, temporaryId, kind), body, 180_000)
    },
    /** After a round of uploads, however it went: what the institute now has is read again. */
    refresh: () =>
      queryClient.invalidateQueries({
        queryKey: applicationQuery(institute, temporaryId).queryKey,
      }),
  }
}

/**
 * "Send me the link": by SMS or email to the contact given on the application, written in the
 * language the page is shown in. Nothing on the page changes, so nothing is read again.
 */
export function useSendApplicationLink(
  institute: string,
  temporaryId: string,
  feedback: Feedback<SentApplicationLink, LinkChannel>,
) {
  const { i18n } = useLingui()
  return useChange(
    (channel: LinkChannel) =>
      postPublicJson(sendLinkPath(institute, temporaryId), { channel }, SentApplicationLinkSchema, {
        headers: { 'Accept-Language': i18n.locale },
      }),
    { refresh: async () => undefined, feedback },
  )
}
