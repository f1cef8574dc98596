import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { postPublicJson } from '../../lib/public-api.ts'
import { StartedPaymentSchema } from '../../shared/schemas/payments.ts'
import { GuardianAccessSchema, type GuardianLookup } from '../../shared/schemas/student-invoice.ts'

/*
 * The student invoice page's calls: the guardian's check (answering the open invoices, or that
 * a code was sent), and paying the chosen invoices online. Nothing is kept: a student's
 * invoices are read afresh each visit, and never persisted on the device.
 */

const enc = encodeURIComponent

const lookupPath = (institute: string) => `payments/public/${enc(institute)}/student-invoices`
const startPath = (institute: string) => `payments/public/${enc(institute)}/intents`

export function useGuardianLookup(institute: string) {
  return useMutation({
    mutationFn: (body: GuardianLookup) =>
      postPublicJson(lookupPath(institute), body, GuardianAccessSchema),
  })
}

/**
 * Pays the chosen invoices: one Idempotency-Key per choice, kept for every retry of the press
 * (a retry after a lost answer goes to the same gateway page); then off to the gateway.
 */
export function useStartDuesPayment(institute: string) {
  const keys = useRef(new Map<string, string>())
  return useMutation({
    mutationFn: ({ access, invoiceIds }: { access: string; invoiceIds: string[] }) => {
      const choice = invoiceIds.toSorted().join(',')
      const key = keys.current.get(choice) ?? crypto.randomUUID()
      keys.current.set(choice, key)
      return postPublicJson(
        startPath(institute),
        { purpose: 'dues', access, invoiceIds },
        StartedPaymentSchema,
        { headers: { 'Idempotency-Key': key } },
      )
    },
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  })
}
