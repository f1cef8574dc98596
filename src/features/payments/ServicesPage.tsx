import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { useAbility } from '../../lib/ability.ts'
import { paymentServices } from '../../shared/schemas/payments.ts'
import { serviceDescriptions, serviceLabels } from './labels.ts'

/** /fintech-service: what can be paid online, and where each service's money goes. */
export function ServicesPage(): ReactElement {
  const { i18n } = useLingui()
  const ability = useAbility()
  return (
    <div className="page">
      <PageHeader
        title={<Trans>Online payment services</Trans>}
        subtitle={
          <Trans>
            What payers can pay online. Each institute chooses which of them it offers, and who
            bears the gateway’s charge.
          </Trans>
        }
      />
      <section className="card">
        <dl className="service-list">
          {paymentServices.map((service) => (
            <div key={service}>
              <dt>{i18n._(serviceLabels[service])}</dt>
              <dd>{i18n._(serviceDescriptions[service])}</dd>
            </div>
          ))}
        </dl>
        {ability.can('read', 'fintech-institute-service') && (
          <p>
            <Link to="/fintech-institute-service">
              <Trans>Choose the services this institute offers</Trans>
            </Link>
          </p>
        )}
      </section>
    </div>
  )
}
