import { useState } from 'react'
import type { InvoicePaper } from '../shared/schemas/invoice-print.ts'

/**
 * The paper this counter (this browser) prints receipts on: the institute's print settings'
 * paper, or the counter's own printer — a 80 mm or 58 mm thermal roll, or A4/A5.
 */
export const receiptPapers = ['a4', 'a5', 'thermal80', 'thermal58'] as const
export type ReceiptPaper = (typeof receiptPapers)[number]

const key = 'counter-receipt-paper'

const stored = (): ReceiptPaper | null => {
  const value = localStorage.getItem(key)
  return receiptPapers.find((p) => p === value) ?? null
}

/** The paper a receipt prints on here: this counter's choice, else the institute's. */
export const receiptPaperOf = (institutePaper: InvoicePaper): ReceiptPaper =>
  stored() ?? institutePaper

/** This counter's choice (null: the institute's paper) and a way to change it. */
export function useCounterPaper(): [ReceiptPaper | null, (paper: ReceiptPaper | null) => void] {
  const [paper, setPaper] = useState(stored)
  return [
    paper,
    (next) => {
      if (next) localStorage.setItem(key, next)
      else localStorage.removeItem(key)
      setPaper(next)
    },
  ]
}
