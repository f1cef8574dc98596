import { useLingui } from '@lingui/react'
import { queryOptions, useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import { api, postJson } from '../../lib/api.ts'
import { downloadFile } from '../../lib/download.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { toSearchParams } from '../../lib/search.ts'
import { ImportPreviewSchema, type ImportPreview } from '../../shared/schemas/student-imports.ts'
import { type StudentListQuery } from '../../shared/schemas/student-search.ts'
import { dateOrderOf, regionalLocale } from '../../shared/typed-date.ts'

/** Uploads kept for confirming; not offline reads: a preview is worth showing only as it is now. */
export const importsKey = ['students', 'imports'] as const

export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: [...importsKey, importId],
    queryFn: async ({ signal }): Promise<ImportPreview> =>
      v.parse(
        ImportPreviewSchema,
        await api.get(`students/imports/${importId}`, { signal }).json(),
      ),
  })

/**
 * Sends a CSV or XLSX file: the server checks every row and answers the preview. Its dates are
 * read in the order this user writes them (as an applicant's date of birth is).
 */
export function useUploadImport(feedback: Feedback<ImportPreview, File> = {}) {
  const { i18n } = useLingui()
  const dateOrder = dateOrderOf(regionalLocale(i18n.locale, navigator.languages))
  return useChange(
    async (file: File) => {
      const body = new FormData()
      body.set('file', file)
      const searchParams = { dateOrder }
      return v.parse(
        ImportPreviewSchema,
        // A large file takes the server a while to read and check.
        await api.post('students/imports', { body, searchParams, timeout: 120_000 }).json(),
      )
    },
    {
      refresh: async (queryClient, preview) => {
        queryClient.setQueryData(importQuery(preview.id).queryKey, preview)
      },
      feedback,
    },
  )
}

/**
 * Starts (or, after a failed or cancelled run, resumes) the job that writes an upload. The key
 * is the confirmation's own: a retried click answers the same job.
 */
export function useConfirmImport(feedback: Feedback<ImportPreview, { id: string; key: string }>) {
  return useChange(
    ({ id, key }: { id: string; key: string }) =>
      postJson(`students/imports/${id}/confirm`, {}, ImportPreviewSchema, {
        headers: { 'Idempotency-Key': key },
      }),
    {
      refresh: async (queryClient, preview) => {
        queryClient.setQueryData(importQuery(preview.id).queryKey, preview)
      },
      feedback,
    },
  )
}

export type SheetFormat = 'csv' | 'xlsx'

/** Saves the import template: the columns an upload may have, and an example row. */
export function useDownloadTemplate(feedback: Feedback<void, SheetFormat> = {}) {
  return useMutation({
    mutationFn: (format: SheetFormat) =>
      downloadFile(`students/import-template.${format}`, `students-template.${format}`),
    ...feedback,
  })
}

/**
 * Saves the student list as filtered (every page) as CSV or Excel, in the import's columns: an
 * export, corrected, can be imported again.
 */
export function useExportStudents(
  feedback: Feedback<void, { format: SheetFormat; search: Partial<StudentListQuery> }> = {},
) {
  return useMutation({
    mutationFn: ({
      format,
      search,
    }: {
      format: SheetFormat
      search: Partial<StudentListQuery>
    }) => {
      // The whole list, in the order it is shown: the paging is left out.
      const filters = { ...search, page: undefined, perPage: undefined }
      return downloadFile(
        `students/export.${format}?${toSearchParams(filters)}`,
        `students.${format}`,
      )
    },
    ...feedback,
  })
}
