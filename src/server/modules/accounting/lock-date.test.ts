import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../shared/schemas/access.ts'
import type { CoaConfig, Voucher } from '../../../shared/schemas/accounting.ts'
import { addInstitute, addUser, asUser, signIn, type TestApp } from '../../test-support/test-app.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import { accountIds } from '../../test-support/accounting.ts'
import { defaultLevelDigits } from './default-chart.ts'
import { demoToday, inFiscalYear } from '../../test-support/fiscal-dates.ts'
import { addDays } from './open-period.ts'

interface Refusal {
  code: string
  errors: Record<string, string[]>
}

describe('open fiscal years and the lock date', () => {
  let t: TestApp
  let admin: string
  let cash: string
  let income: string
  /** The open period without a lock date: the previous, current and next fiscal year. */
  const earliest = inFiscalYear(-1, '07-01')
  const latest = inFiscalYear(1, '06-30')
  adminSuite((s) => ({ t, admin } = s))
  beforeAll(async () => {
    const { leaf } = await accountIds(t, admin)
    cash = leaf('Cash in hand')
    income = leaf('Fine income')
  })

  const post = (date: string, token = admin) =>
    asUser(t, token, 'POST', '/api/accounting/vouchers', {
      type: 'journal',
      date,
      narration: `Fine collected on ${date}`,
      lines: [
        { accountId: cash, debit: 500 },
        { accountId: income, credit: 500 },
      ],
    })
  const config = async (token = admin) =>
    (await (await asUser(t, token, 'GET', '/api/accounting/coa-config')).json()) as CoaConfig
  const setLockDate = (lockDate: string | null, token = admin) =>
    asUser(t, token, 'PUT', '/api/accounting/coa-config', {
      levelDigits: defaultLevelDigits,
      fiscalYearStartMonth: 7,
      lockDate,
    })

  it('posts from the start of the previous fiscal year to the end of the next one, and no further', async () => {
    expect((await post(earliest)).status).toBe(201)
    expect((await post(latest)).status).toBe(201)
    for (const date of [addDays(earliest, -1), addDays(latest, 1), '1900-01-01', '2999-12-31']) {
      const res = await post(date)
      expect(res.status, date).toBe(422)
      const body = (await res.json()) as Refusal
      expect(body.code, date).toBe('date_not_open')
      expect(body.errors.date, date).toEqual([
        `Choose a date from ${earliest} to ${latest}: vouchers go in the previous, current or next fiscal year.`,
      ])
    }
  })

  it('reads and sets the lock date, refusing dates beyond today and malformed ones', async () => {
    expect(await config()).toMatchObject({ fiscalYearStartMonth: 7, lockDate: null })
    const future = await setLockDate(addDays(demoToday(), 1))
    expect(future.status).toBe(422)
    expect(await future.json()).toMatchObject({
      code: 'lock_date_in_future',
      errors: { lockDate: ['The books cannot be closed beyond today.'] },
      fields: { lockDate: [{ code: 'lock_date_in_future' }] },
    })
    for (const bad of ['2026-02-30', 'yesterday', 20260101]) {
      const res = await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
        levelDigits: defaultLevelDigits,
        fiscalYearStartMonth: 7,
        lockDate: bad,
      })
      expect(res.status, String(bad)).toBe(422)
      expect(Object.keys(((await res.json()) as Refusal).errors), String(bad)).toEqual(['lockDate'])
    }
    expect((await config()).lockDate).toBeNull()

    const lockDate = inFiscalYear(-1, '12-31')
    const saved = await setLockDate(lockDate)
    expect(saved.status).toBe(200)
    expect(await saved.json()).toMatchObject({ lockDate })
    expect(await config()).toMatchObject({ lockDate, levelDigits: defaultLevelDigits })
    // An update that leaves the lock date out keeps it.
    await asUser(t, admin, 'PUT', '/api/accounting/coa-config', {
      levelDigits: defaultLevelDigits,
      fiscalYearStartMonth: 7,
    })
    expect((await config()).lockDate).toBe(lockDate)
  })

  it('refuses vouchers dated on or before the lock date and takes the day after', async () => {
    const lockDate = inFiscalYear(-1, '12-31')
    await setLockDate(lockDate)
    const dayAfter = addDays(lockDate, 1)
    for (const date of [lockDate, addDays(lockDate, -30), earliest]) {
      const res = await post(date)
      expect(res.status, date).toBe(422)
      const text = `The books are closed through ${lockDate}: choose a date from ${dayAfter} to ${latest}.`
      const values = { lockDate, from: dayAfter, to: latest }
      expect(await res.json(), date).toEqual({
        message: text,
        code: 'date_locked',
        values,
        errors: { date: [text] },
        fields: { date: [{ code: 'date_locked', values }] },
      })
    }
    expect((await post(dayAfter)).status).toBe(201)
  })

  it('refuses a reversal dated in the closed period, and takes one after it', async () => {
    await setLockDate(null)
    const date = inFiscalYear(-1, '11-15')
    const original = (await (await post(date)).json()) as Voucher
    await setLockDate(inFiscalYear(-1, '11-30'))
    const reverse = (on: string) =>
      asUser(t, admin, 'POST', `/api/accounting/vouchers/${original.id}/reverse`, { date: on })
    const locked = await reverse(inFiscalYear(-1, '11-20'))
    expect(locked.status).toBe(422)
    expect(await locked.json()).toMatchObject({
      code: 'date_locked',
      errors: { date: [expect.stringContaining('The books are closed through')] },
    })
    const reread = (await (
      await asUser(t, admin, 'GET', `/api/accounting/vouchers/${original.id}`)
    ).json()) as Voucher
    expect(reread.reversedById).toBeNull()
    const reversed = await reverse(inFiscalYear(-1, '12-01'))
    expect(reversed.status).toBe(201)
  })

  it('reopens the books when the lock date moves back, and audits every move', async () => {
    const closed = inFiscalYear(-1, '12-31')
    await setLockDate(closed)
    expect((await post(closed)).status).toBe(422)
    const reopened = inFiscalYear(-1, '09-30')
    await setLockDate(reopened)
    expect((await post(closed)).status).toBe(201)
    await setLockDate(null)
    expect((await post(earliest)).status).toBe(201)

    const { data } = (await (
      await asUser(t, admin, 'GET', '/api/access/audits?area=accounting&perPage=100')
    ).json()) as { data: AuditEntry[] }
    const moves = data
      .filter((e) => e.entity === 'coa_config')
      .slice(0, 2)
      .map((e) => [
        (e.before as CoaConfig).lockDate,
        (e.after as CoaConfig).lockDate,
        e.user?.username,
      ])
    expect(moves).toEqual([
      [reopened, null, 'admin'],
      [closed, reopened, 'admin'],
    ])
  })

  it('lets only those who may update the configuration move the lock date, in their own institute', async () => {
    await addUser(t, { username: 'lock-viewer', password: 'viewer-pass-1234', roles: ['viewer'] })
    const viewer = await signIn(t, 'lock-viewer', 'viewer-pass-1234')
    expect((await config(viewer)).lockDate).toBeNull()
    expect((await setLockDate(demoToday(), viewer)).status).toBe(403)
    expect((await config()).lockDate).toBeNull()

    await addUser(t, {
      username: 'lock-accountant',
      password: 'accountant-pass-1234',
      roles: ['accountant'],
    })
    const accountant = await signIn(t, 'lock-accountant', 'accountant-pass-1234')
    expect((await setLockDate(demoToday(), accountant)).status).toBe(200)
    expect((await post(demoToday(), accountant)).status).toBe(422)

    // Another institute's books stay open, and its lock date is its own.
    const other = await addInstitute(t, 'other-books')
    await addUser(t, {
      username: 'other-accountant',
      password: 'accountant-pass-1234',
      instituteId: other.id,
      roles: ['accountant'],
    })
    const outsider = await signIn(t, 'other-accountant', 'accountant-pass-1234')
    expect((await config(outsider)).lockDate).toBeNull()
    const { leaf: theirs } = await accountIds(t, outsider)
    const posted = await asUser(t, outsider, 'POST', '/api/accounting/vouchers', {
      type: 'journal',
      date: demoToday(),
      narration: 'Open books elsewhere',
      lines: [
        { accountId: theirs('Cash in hand'), debit: 100 },
        { accountId: theirs('Fine income'), credit: 100 },
      ],
    })
    expect(posted.status).toBe(201)
    expect((await setLockDate(addDays(demoToday(), -1), outsider)).status).toBe(200)
    expect((await config()).lockDate).toBe(demoToday())
  })
})
