import { useSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { PaymentOutcomePage } from '../../features/admission/PaymentOutcomePage.tsx'
import { usePageTakeover } from '../../lib/use-page-takeover.ts'
import { PaymentOutcomeSearchSchema } from '../../shared/schemas/payments.ts'

export default function PaymentOutcomeRoute() {
  usePageTakeover()
  const { reference } = v.parse(PaymentOutcomeSearchSchema, useSearch({ strict: false }))
  return <PaymentOutcomePage reference={reference} />
}
