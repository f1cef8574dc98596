import { sql } from 'drizzle-orm'
import type { ReceiptVerification } from '../../../shared/schemas/collection-receipts.ts'
import type { Db } from '../../db/client.ts'

interface Row {
  institute_name: string
  currency: string
  currency_digits: number
  number: string
  received_on: string
  status: ReceiptVerification['status']
  amount_minor: string
  advance_used_minor: string
}

/**
 * The receipt a verification code names, in whichever institute (the code alone names it:
 * `payments_verify_code_unique` leads with the code), as the public page shows it; undefined
 * when no receipt has it. Two institutes holding the same code (one chance in 10^14) is no
 * answer either, rather than one of them picked by chance.
 */
export async function receiptByVerifyCode(
  db: Db,
  code: string,
): Promise<ReceiptVerification | undefined> {
  const result = await db.execute(sql`select i.name as institute_name, i.currency,
      i.currency_digits, p.number, p.received_on::text as received_on, p.status, p.amount_minor,
      (select coalesce(sum(abs(m.amount_minor)), 0) from advance_movements m
        where m.institute_id = p.institute_id and m.payment_id = p.id and m.kind = 'used')
        as advance_used_minor
    from payments p join institutes i on i.id = p.institute_id
    where p.verify_code = ${code}
    limit 2`)
  const rows = (result as unknown as { rows: Row[] }).rows
  const [row] = rows
  if (!row || rows.length > 1) return undefined
  return {
    instituteName: row.institute_name,
    number: row.number,
    receivedOn: row.received_on,
    // The total the receipt prints: what was received and what the advance paid.
    amountMinor: Number(row.amount_minor) + Number(row.advance_used_minor),
    currency: row.currency,
    currencyDigits: Number(row.currency_digits),
    status: row.status,
  }
}
