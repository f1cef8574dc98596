import { Trans, useLingui } from '@lingui/react/macro'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import type { ReactElement } from 'react'
import type { FineDraft } from './fine-draft.ts'

type Slabs = FineDraft['slabs']

/** The slabs of days late and what each charges; a row is added or removed at will. */
export function SlabEditor(props: {
  slabs: Slabs
  onChange: (slabs: Slabs) => void
  error: string | undefined
  currency: string
}): ReactElement {
  const { t } = useLingui()
  const { slabs, onChange, currency } = props
  const change = (i: number, part: Partial<Slabs[number]>) =>
    onChange(slabs.map((s, k) => (k === i ? { ...s, ...part } : s)))
  return (
    <fieldset className="plain">
      <legend>
        <Trans>Slabs</Trans>
      </legend>
      <table className="table">
        <thead>
          <HeaderRow
            columns={[
              { label: t`From day late` },
              { label: t`Fine (${currency})` },
              { label: t`Actions`, hidden: true },
            ]}
          />
        </thead>
        <tbody>
          {slabs.map((s, i) => {
            const n = i + 1
            return (
              <tr key={i}>
                <td>
                  <input
                    aria-label={t`Slab ${n}: from day late`}
                    inputMode="numeric"
                    value={s.fromDay}
                    onChange={(e) => change(i, { fromDay: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t`Slab ${n}: fine`}
                    inputMode="decimal"
                    value={s.amount}
                    onChange={(e) => change(i, { amount: e.target.value })}
                  />
                </td>
                <td>
                  {slabs.length > 1 && (
                    <button
                      type="button"
                      className="button-link"
                      onClick={() => onChange(slabs.filter((_, k) => k !== i))}
                    >
                      {t`Remove slab ${n}`}
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {props.error && <p className="field-error">{props.error}</p>}
      <button
        type="button"
        className="button"
        onClick={() => onChange([...slabs, { fromDay: '', amount: '' }])}
      >
        <Trans>Add a slab</Trans>
      </button>
    </fieldset>
  )
}
