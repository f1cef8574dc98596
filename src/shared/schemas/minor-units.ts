import * as v from 'valibot'

/*
 * An amount of money as every area's schemas take it (accounting's vouchers, admission's fees):
 * apart from the accounting schemas so that an applicant's page does not carry those.
 */

/**
 * The largest amount one line may carry, in minor units (10 billion in major units). With at
 * most 500 lines, a voucher's total stays an exact JavaScript number.
 */
export const maxLineAmount = 1_000_000_000_000

/** An amount of money in minor units (paisa, cents): a whole number, never a fraction. */
export const MinorUnitsSchema = v.pipe(
  v.number('amount_required'),
  v.integer('amount_fraction'),
  v.minValue(0, 'amount_negative'),
  v.maxValue(maxLineAmount, 'amount_too_large'),
)

/** An amount in minor units as an answer gives it: a whole number, negative where it is owed back. */
export const minor = v.pipe(v.number(), v.safeInteger())
