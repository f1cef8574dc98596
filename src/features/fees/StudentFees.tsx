import type { ReactElement } from 'react'
import { StudentFeeOverrides } from './setup/StudentFeeOverrides.tsx'
import { StudentInvoices } from './invoices/StudentInvoices.tsx'

/** The fee area's part of a student's page: their invoices and their own fees, as allowed. */
export function StudentFees({
  studentId,
  studentName,
  invoices,
  ownFees,
}: {
  studentId: string
  studentName: string
  invoices: boolean
  ownFees: boolean
}): ReactElement {
  return (
    <>
      {invoices && <StudentInvoices studentId={studentId} />}
      {ownFees && <StudentFeeOverrides studentId={studentId} studentName={studentName} />}
    </>
  )
}
