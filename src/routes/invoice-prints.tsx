import { createFileRoute } from '@tanstack/react-router'
import { InvoicePrintsPage } from '../features/fees/printing/InvoicePrintsPage.tsx'
import { printLanguageOf, printStrings } from '../features/fees/printing/print-language.ts'
import { hasPrintScope, invoicePrintRunQuery } from '../features/fees/printing/queries.ts'
import { feeStructureQuery } from '../features/fees/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'
import { searchOf } from '../lib/search.ts'
import { InvoicePrintSearchSchema } from '../shared/schemas/invoice-print-search.ts'

/** Hoisted: inferred inside the options, its type would depend on the route itself. */
const validateSearch = searchOf(InvoicePrintSearchSchema)

export const Route = createFileRoute('/invoice-prints')({
  staticData: { strings: ['fees'] },
  validateSearch,
  beforeLoad: ({ context, location }) => guardRoute(context, '/invoice-prints', location.href),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { queryClient } = context
    const [run] = await Promise.all([
      hasPrintScope(deps) ? queryClient.ensureQueryData(invoicePrintRunQuery(deps)) : undefined,
      queryClient.ensureQueryData(feeStructureQuery('/invoice-prints')),
    ])
    // The invoices' own language, loaded before they show.
    if (run) await printStrings(printLanguageOf(run.settings))
  },
  component: function InvoicePrints() {
    const navigate = Route.useNavigate()
    return (
      <InvoicePrintsPage
        search={Route.useSearch()}
        onSearchChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }) })}
      />
    )
  },
})
