import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { SelectField } from '../../../components/form/Field.tsx'
import { receiptPapers, useCounterPaper, type ReceiptPaper } from '../../../lib/counter-paper.ts'

const receiptPaperLabels: Record<ReceiptPaper, MessageDescriptor> = {
  a4: msg`A4`,
  a5: msg`A5`,
  thermal80: msg`80 mm thermal roll`,
  thermal58: msg`58 mm thermal roll`,
}

/** Print settings: the paper receipts print on at this counter (this device), saved here. */
export function CounterPaperSetting(): ReactElement {
  const { t, i18n } = useLingui()
  const [paper, setPaper] = useCounterPaper()
  return (
    <section className="card" aria-labelledby="counter-paper">
      <h2 id="counter-paper">
        <Trans>Receipts at this counter</Trans>
      </h2>
      <SelectField
        label={t`Receipt paper on this device`}
        hint={t`Kept on this device only: each counter chooses its own printer’s paper.`}
        value={paper ?? ''}
        onChange={(e) => setPaper(receiptPapers.find((p) => p === e.target.value) ?? null)}
      >
        <option value="">{t`As the invoices (print settings above)`}</option>
        {receiptPapers.map((p) => (
          <option key={p} value={p}>
            {i18n._(receiptPaperLabels[p])}
          </option>
        ))}
      </SelectField>
    </section>
  )
}
