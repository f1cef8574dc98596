import { putJson } from '../../../lib/api.ts'
import { useChange, type Feedback } from '../../../lib/mutation-feedback.ts'
import {
  InvoicePrintSettingsSchema,
  type InvoicePrintSettings,
  type InvoicePrintSettingsInput,
} from '../../../shared/schemas/invoice-print.ts'
import { invoicePrintKey, invoicePrintSettingsQuery } from './queries.ts'

/** Saves the print settings: the screen shows the answer at once, print runs are read again. */
export function useSaveInvoicePrintSettings(
  feedback: Feedback<InvoicePrintSettings, InvoicePrintSettingsInput>,
) {
  return useChange(
    (body: InvoicePrintSettingsInput) =>
      putJson('fees/invoice-print-settings', body, InvoicePrintSettingsSchema),
    {
      refresh: (queryClient, saved) => {
        queryClient.setQueryData(invoicePrintSettingsQuery().queryKey, saved)
        return queryClient.invalidateQueries({ queryKey: [...invoicePrintKey, 'run'] })
      },
      screenReacts: 'during-refresh',
      feedback,
    },
  )
}
