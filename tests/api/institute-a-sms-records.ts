import { smsOptOuts, smsTemplates } from '../../src/server/db/schema/sms.ts'
import { type TestApp } from '../../src/server/test-support/test-app.ts'

/** An SMS template and an opted-out number of institute A: added to A's records and secrets. */
export async function smsRecordsOfInstituteA(
  t: TestApp,
  a: { recordsOfA: Record<string, string>; secretsOfA: string[]; instituteA: string },
) {
  const [templateOfA] = await t.database.db
    .insert(smsTemplates)
    .values({
      instituteId: a.instituteA,
      name: 'Fixture template of A',
      purpose: 'general',
      texts: { en: 'Fixture text of A for {{student_name}}' },
    })
    .returning()
  const [optOutOfA] = await t.database.db
    .insert(smsOptOuts)
    .values({ instituteId: a.instituteA, number: '+8801799000111', reason: 'Fixture reason of A' })
    .returning()
  a.recordsOfA.templateId = templateOfA!.id
  a.recordsOfA.optOutId = optOutOfA!.id
  a.secretsOfA.push('Fixture template of A', 'Fixture text of A', '+8801799000111')
}
