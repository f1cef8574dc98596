import { useLoaderData } from '@tanstack/react-router'
import { ApplicationPage } from '../../features/admission/ApplicationPage.tsx'
import type { loadApplicationPage } from '../../features/admission/loaders.ts'
import { usePageParams } from '../params.ts'

type PageData = Awaited<ReturnType<typeof loadApplicationPage>>

export default function ApplicationRoute() {
  const { institute, formId, temporaryId } = usePageParams('institute', 'formId', 'temporaryId')
  const { refused } = useLoaderData({ strict: false }) as PageData
  return (
    <ApplicationPage
      institute={institute}
      formId={formId}
      temporaryId={temporaryId}
      refused={refused}
    />
  )
}
