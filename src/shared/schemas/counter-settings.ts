import * as v from 'valibot'
import { text } from './primitives.ts'

/**
 * The counter's settings an institute chooses (§ /advance-override, beside the advance policy):
 * the mobile-money providers a cashier picks from (bKash, Nagad, Rocket…; none: the provider is
 * typed) and whether a receipt prints the guardian's copy alone or with the office's copy.
 */
export const receiptCopyChoices = ['guardian', 'both'] as const
export type ReceiptCopyChoice = (typeof receiptCopyChoices)[number]

export const CounterSettingsSchema = v.object({
  mobileProviders: v.pipe(
    v.array(text(30, 'mobile_provider_required')),
    v.maxLength(12, 'too_big'),
    v.checkItems((item, index, list) => list.indexOf(item) === index, 'listed_twice'),
  ),
  receiptCopies: v.picklist(receiptCopyChoices, 'receipt_copies_unknown'),
})
export type CounterSettings = v.InferOutput<typeof CounterSettingsSchema>

export const defaultCounterSettings: CounterSettings = {
  mobileProviders: [],
  receiptCopies: 'guardian',
}
