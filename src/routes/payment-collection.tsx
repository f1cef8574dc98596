import { createFileRoute } from '@tanstack/react-router'
import { CounterPage } from '../features/collection/CounterPage.tsx'
import { counterSettingsQuery, familyQuery, receiptQuery } from '../features/collection/queries.ts'
import { receiptStrings } from '../features/collection/receipt-language.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { CounterPageSearchSchema } from '../shared/schemas/collection-search.ts'

const validateSearch = searchOf(CounterPageSearchSchema)

export const Route = createFileRoute('/payment-collection')({
  staticData: { strings: ['collection'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/payment-collection', location.href),
  loaderDeps: ({ search }) => search,
  // A family or receipt that is gone (or another institute's) shows its refusal in place. The
  // counter's settings (the mobile providers a split starts with) are there before a key is.
  loader: async ({ context, deps }) => {
    const settings = context.queryClient.prefetchQuery(counterSettingsQuery())
    if (deps.receiptId) {
      const receipt = await context.queryClient.ensureQueryData(receiptQuery(deps.receiptId))
      await receiptStrings(receipt.language)
    } else if (deps.studentId) await context.queryClient.prefetchQuery(familyQuery(deps.studentId))
    await settings
  },
  component: function PaymentCollection() {
    const navigate = Route.useNavigate()
    const { studentId, applicantId, receiptId } = Route.useSearch()
    return (
      <CounterPage
        studentId={studentId}
        applicantId={applicantId}
        receiptId={receiptId}
        onShow={(search) => void navigate({ search })}
      />
    )
  },
})
