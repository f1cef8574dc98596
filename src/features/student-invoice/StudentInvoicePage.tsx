import { Trans } from '@lingui/react/macro'
import { useState, type ReactElement } from 'react'
import type { GuardianAccess } from '../../shared/schemas/student-invoice.ts'
import { GuardianForm } from './GuardianForm.tsx'
import { InvoiceChoice } from './InvoiceChoice.tsx'
import './student-invoice.css'

/**
 * `/student/invoice?institute=…` (spec route `student-invoice`): a guardian, without an account,
 * proves who they are, sees the student's open invoices with fines as of today and pays the
 * ones they choose online. What the server answered lives in this page only: closing it
 * forgets it.
 */
export function StudentInvoicePage({
  institute,
  instituteName,
  student,
}: {
  institute: string
  instituteName: string
  student: string
}): ReactElement {
  const [opened, setOpened] = useState<Extract<GuardianAccess, { step: 'invoices' }>>()
  return (
    <section className="student-invoice-page" data-testid="student-invoice">
      <header>
        <h1>
          <Trans>Pay school fees</Trans>
        </h1>
        <p className="muted">{instituteName}</p>
      </header>
      {opened ? (
        <InvoiceChoice institute={institute} opened={opened} onLeave={() => setOpened(undefined)} />
      ) : (
        <GuardianForm institute={institute} student={student} onOpened={setOpened} />
      )}
    </section>
  )
}
