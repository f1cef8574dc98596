import { createFileRoute } from '@tanstack/react-router'
import { InvoicePrintSettingsPage } from '../features/fees/printing/InvoicePrintSettingsPage.tsx'
import { printLanguageOf, printStrings } from '../features/fees/printing/print-language.ts'
import { invoicePrintSettingsQuery } from '../features/fees/printing/queries.ts'
import { guardRoute } from '../lib/route-guard.ts'

export const Route = createFileRoute('/invoice-print-settings')({
  staticData: { strings: ['fees'] },
  beforeLoad: ({ context, location }) =>
    guardRoute(context, '/invoice-print-settings', location.href),
  loader: async ({ context }) => {
    const settings = await context.queryClient.ensureQueryData(invoicePrintSettingsQuery())
    // The preview's language, loaded before the page shows rather than while it does.
    await printStrings(printLanguageOf(settings))
  },
  component: InvoicePrintSettingsPage,
})
