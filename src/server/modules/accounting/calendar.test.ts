import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AccountingCalendar, CoaConfig } from '../../../shared/schemas/accounting.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { demoToday } from '../../test-support/fiscal-dates.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'

describe('accounting calendar', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))
  const calendar = async () =>
    (await (await asUser(t, admin, 'GET', '/api/accounting/calendar')).json()) as AccountingCalendar

  it("answers today in the institute's time zone and the configured start of its fiscal year", async () => {
    expect(await calendar()).toEqual({ today: demoToday(), fiscalYearStartMonth: 7 })
    const config = (await (
      await asUser(t, admin, 'GET', '/api/accounting/coa-config')
    ).json()) as CoaConfig
    await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
      ...config,
      fiscalYearStartMonth: 1,
    })
    expect((await calendar()).fiscalYearStartMonth).toBe(1)

    // Half a day ahead of Dhaka and half a day behind it, the institute's today follows its zone.
    const zoned = async (timezone: string) => {
      await t.database.db
        .update(institutes)
        .set({ timezone })
        .where(eq(institutes.slug, 'demo-school'))
      return (await calendar()).today
    }
    const ahead = await zoned('Pacific/Kiritimati')
    const behind = await zoned('Pacific/Pago_Pago')
    expect(ahead > behind).toBe(true)
    await zoned('Asia/Dhaka')
  })

  it('is read by those who may read vouchers, and nobody else', async () => {
    await addUser(t, {
      username: 'calendar-officer',
      password: 'officer-pass-1234',
      roles: ['admission officer'],
    })
    const officer = await signIn(t, 'calendar-officer', 'officer-pass-1234')
    expect((await asUser(t, officer, 'GET', '/api/accounting/calendar')).status).toBe(403)
  })
})
