import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { useFormat } from '../../lib/format.ts'
import type { PublicFormList, PublicInstitute } from '../../shared/schemas/admission-forms.ts'
import { localDate } from './draft-data.ts'

/** Class, session, closing day and fee of a form, as the institute page and the form show them. */
export function FormFacts({
  form,
  institute,
}: {
  form: PublicFormList['forms'][number]
  institute: PublicInstitute
}): ReactElement {
  const { t } = useLingui()
  const { date, money } = useFormat()
  return (
    <dl className="admission-facts">
      <div>
        <dt>
          <Trans>Class</Trans>
        </dt>
        <dd>
          {form.className}
          {form.groupName && ` · ${form.groupName}`}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Session</Trans>
        </dt>
        <dd>{form.academicSession}</dd>
      </div>
      <div>
        <dt>
          <Trans>Applications close</Trans>
        </dt>
        <dd>{date(localDate(form.closesOn))}</dd>
      </div>
      <div>
        <dt>
          <Trans>Application fee</Trans>
        </dt>
        <dd>
          {form.fee > 0 ? money(form.fee, institute.currency, institute.currencyDigits) : t`None`}
        </dd>
      </div>
    </dl>
  )
}
