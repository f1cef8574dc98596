import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useSetSettlementAccount } from './mutations.ts'
import { PayoutsSection } from './PayoutsSection.tsx'
import { settlementAccountsQuery } from './queries.ts'

/**
 * /merchant-settlement-account: the chart's bank account each merchant's gateway pays out to;
 * settling an online payment moves it from gateway clearing to that bank.
 */
export function SettlementAccountsPage(): ReactElement {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(settlementAccountsQuery())
  const ability = useAbility()
  const { fieldErrors, toastUnlessFieldError } = useServerErrors()
  const [changed, setChanged] = useState<Record<string, string>>({})
  const setAccount = useSetSettlementAccount({
    onSuccess: (merchant) => {
      setChanged(({ [merchant.id]: _, ...rest }) => rest)
      showToast({ variant: 'success', title: t`The settlement account was saved.` })
    },
    onError: (err) => toastUnlessFieldError(err, t`The settlement account was not saved`),
  })
  const canChange = ability.can('update', 'merchant-settlement-account')
  const accountLabel = (name: string) => t`Bank account of ${name}`
  const saveLabel = (name: string) => t`Save the bank account of ${name}`
  const errors = fieldErrors(setAccount.error)

  return (
    <div className="page">
      <PageHeader
        title={<Trans>Settlement accounts</Trans>}
        subtitle={
          <Trans>
            The bank account each merchant’s gateway pays the collected money into. Only the chart’s
            bank accounts (COA mapping) can be chosen.
          </Trans>
        }
      />
      <section className="card">
        {data.data.length === 0 ? (
          <p className="muted">
            <Trans>No merchant accounts yet.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Merchant` },
                    { label: t`Store ID` },
                    { label: t`Bank account` },
                    { label: t`Actions` },
                  ]}
                />
              </thead>
              <tbody>
                {data.data.map((merchant) => {
                  const value = changed[merchant.id] ?? merchant.settlementBankAccount
                  const saving =
                    setAccount.isPending && setAccount.variables.merchantId === merchant.id
                  const failed =
                    setAccount.variables?.merchantId === merchant.id
                      ? errors.settlementBankAccount
                      : undefined
                  return (
                    <tr key={merchant.id}>
                      <th scope="row">{merchant.name}</th>
                      <td>{merchant.storeId}</td>
                      <td>
                        <select
                          aria-label={accountLabel(merchant.name)}
                          value={value}
                          disabled={!canChange}
                          aria-invalid={failed ? true : undefined}
                          onChange={(e) =>
                            setChanged((was) => ({ ...was, [merchant.id]: e.target.value }))
                          }
                        >
                          <option value="">{t`Not chosen yet`}</option>
                          {data.bankAccounts.map((b) => (
                            <option key={b} value={b}>
                              {b}
                            </option>
                          ))}
                        </select>
                        {failed && <small className="field-error block">{failed}</small>}
                      </td>
                      <td>
                        {canChange && (
                          <button
                            type="button"
                            className="button"
                            disabled={value === merchant.settlementBankAccount || saving}
                            aria-label={saveLabel(merchant.name)}
                            onClick={() =>
                              setAccount.mutate({
                                merchantId: merchant.id,
                                settlementBankAccount: value,
                              })
                            }
                          >
                            <Trans>Save</Trans>
                          </button>
                        )}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <PayoutsSection />
    </div>
  )
}
