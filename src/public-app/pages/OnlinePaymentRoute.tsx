import { useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { OnlinePaymentPage } from '../../features/admission/OnlinePaymentPage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { OnlinePaymentSearchSchema } from '../../shared/schemas/payments.ts'
import { usePageParams } from '../params.ts'

export default function OnlinePaymentRoute() {
  usePageTakeover()
  const { institute } = usePageParams('institute')
  const search = v.parse(OnlinePaymentSearchSchema, useSearch({ strict: false }))
  return (
    <OnlinePaymentPage
      institute={institute}
      formId={search.form}
      temporaryId={search.application}
    />
  )
}
