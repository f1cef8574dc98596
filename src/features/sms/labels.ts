import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { SmsTemplatePurpose } from '../../shared/schemas/sms.ts'
import type { SmsEncoding } from '../../shared/sms/segments.ts'
import type { TemplateVariable } from '../../shared/sms/template.ts'

export const purposeLabels: Record<SmsTemplatePurpose, MessageDescriptor> = {
  general: msg`General notice`,
  due_reminder: msg`Due reminder`,
  receipt: msg`Receipt confirmation`,
  application: msg`Admission application`,
}

export const variableLabels: Record<TemplateVariable, MessageDescriptor> = {
  student_name: msg`Student name`,
  student_id: msg`Student ID`,
  class: msg`Class`,
  section: msg`Section`,
  guardian_name: msg`Guardian name`,
  amount_due: msg`Amount due`,
  due_date: msg`Due date`,
  fine: msg`Fine`,
  receipt_number: msg`Receipt number`,
  institute_name: msg`Institute name`,
  invoice_link: msg`Student invoice link`,
}

export const encodingLabels: Record<SmsEncoding, MessageDescriptor> = {
  gsm7: msg`GSM-7`,
  ucs2: msg`Unicode (UCS-2)`,
}
