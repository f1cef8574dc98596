import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react'
import { flushSync } from 'react-dom'
import { InLanguage } from '../../components/InLanguage.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useLogPrint } from './mutations.ts'
import { receiptQuery } from './queries.ts'
import { receiptPaperOf } from '../../lib/counter-paper.ts'
import { receiptAreas } from './receipt-language.ts'
import { ReceiptSlip } from './ReceiptSlip.tsx'

const CancelReceiptDialog = lazy(() =>
  import('./CancelReceiptDialog.tsx').then((m) => ({ default: m.CancelReceiptDialog })),
)

/**
 * The receipt just taken (or opened again): Print, focused, so Enter prints it; every print is
 * logged and a second one says DUPLICATE. Then a new payment, or cancelling this one.
 */
export function ReceiptPanel({
  paymentId,
  onNew,
}: {
  paymentId: string
  onNew: () => void
}): ReactElement {
  const ability = useAbility()
  const { data: receipt } = useSuspenseQuery(receiptQuery(paymentId))
  const [duplicateAt, setDuplicateAt] = useState<Date | null>(null)
  const [cancelling, setCancelling] = useState(false)
  // This counter's printer paper, else the institute's (print settings).
  const paper = receiptPaperOf(receipt.paper)
  const printButton = useRef<HTMLButtonElement>(null)
  useEffect(() => printButton.current?.focus(), [paymentId])
  const log = useLogPrint(paymentId, {
    onSuccess: (print) => {
      flushSync(() => setDuplicateAt(print.copy > 1 ? new Date(print.printedAt) : null))
      window.print()
    },
  })
  const { mutate: logPrint, isPending: printing } = log
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (!e.altKey || cancelling) return
      if (e.code === 'KeyP' && !printing) {
        e.preventDefault()
        logPrint()
      } else if (e.code === 'KeyN') {
        e.preventDefault()
        onNew()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [logPrint, printing, onNew, cancelling])

  return (
    <section className="counter-receipt" aria-label={receipt.number}>
      <div className="header-buttons no-print">
        <button
          ref={printButton}
          type="button"
          className="button button-primary"
          disabled={printing}
          onClick={() => logPrint()}
        >
          <Trans>Print receipt</Trans>{' '}
          <kbd>
            <Trans>Alt+P</Trans>
          </kbd>
        </button>
        <button type="button" className="button" onClick={onNew}>
          <Trans>Next payment</Trans>{' '}
          <kbd>
            <Trans>Alt+N</Trans>
          </kbd>
        </button>
        {ability.can('create', 'receipt-cancel') && receipt.status === 'posted' && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => setCancelling(true)}
          >
            <Trans>Cancel receipt</Trans>
          </button>
        )}
      </div>
      <Suspense fallback={null}>
        <InLanguage language={receipt.language} areas={receiptAreas}>
          {/* The guardian's copy, and the office's on the same run where the institute keeps one. */}
          {receipt.copies === 'both' ? (
            <div className="receipt-copies">
              <ReceiptSlip
                receipt={receipt}
                duplicateAt={duplicateAt}
                paper={paper}
                copy="guardian"
              />
              <ReceiptSlip
                receipt={receipt}
                duplicateAt={duplicateAt}
                paper={paper}
                copy="office"
              />
            </div>
          ) : (
            <ReceiptSlip receipt={receipt} duplicateAt={duplicateAt} paper={paper} />
          )}
        </InLanguage>
      </Suspense>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelReceiptDialog receipt={receipt} onClose={() => setCancelling(false)} />
        </Suspense>
      )}
    </section>
  )
}
