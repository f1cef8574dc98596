import { describe, expect, it } from 'vitest'
import type {
  GroupInvoiceOptions,
  GroupInvoiceScopeInput,
} from '../../../../shared/schemas/fees-invoices.ts'
import { addConfig } from '../../../test-support/fee-invoices.ts'
import { demoToday } from '../../../test-support/fiscal-dates.ts'
import {
  groupInvoicePath as path,
  groupInvoiceSuite,
  type GroupInvoiceSuite,
} from '../../../test-support/group-invoicing.ts'
import { asUser, type TestApp } from '../../../test-support/test-app.ts'

// The preview of a run, the scope’s options, and the input refused.
describe('group invoice', () => {
  let t: TestApp
  let admin: string
  let instituteId: string
  let sessionId: string
  let classIds: string[]
  let tuition: string
  let classSize: number
  let leftStudent: string
  let code: string
  let scope: GroupInvoiceSuite['scope']
  let preview: GroupInvoiceSuite['preview']
  groupInvoiceSuite(
    (s) =>
      ({
        t,
        admin,
        instituteId,
        sessionId,
        classIds,
        tuition,
        classSize,
        leftStudent,
        code,
        scope,
        preview,
      } = s),
  )
  let key = 0

  it('previews counts and totals per class and head, and who is skipped and why', async () => {
    const result = await preview(scope({ classIds: [classIds[0]!, classIds[1]!] }))
    const billed = classSize - 1
    expect(result).toMatchObject({
      invoiceCount: billed,
      lineCount: billed,
      totalMinor: billed * 150_000,
      totals: [
        { classId: classIds[0], feeHeadId: tuition, lines: billed, netMinor: billed * 150_000 },
      ],
    })
    expect(result.skipped).toContainEqual(
      expect.objectContaining({ studentId: leftStudent, reason: 'left' }),
    )
    expect(result.skipped.filter((s) => s.reason === 'no_fee_configured').length).toBeGreaterThan(0)
    expect(result.skippedCount).toBe(result.skipped.length)
  })

  it('offers the sections of the session and finds its students by name or student ID', async () => {
    const res = await asUser(
      t,
      admin,
      'GET',
      `${path}/options?academicSessionId=${sessionId}&q=${encodeURIComponent(code)}`,
    )
    expect(res.status).toBe(200)
    const options = (await res.json()) as GroupInvoiceOptions
    expect(options.sections.filter((s) => s.classId === classIds[0]).length).toBeGreaterThan(0)
    expect(options.students).toContainEqual(
      expect.objectContaining({ id: leftStudent, studentCode: code }),
    )
    const bad = await asUser(t, admin, 'GET', `${path}/options?academicSessionId=x`)
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { errors: object }).errors)).toContain(
      'academicSessionId',
    )
    expect((await asUser(t, admin, 'GET', `${path}/runs/not-a-run`)).status).toBe(404)
  })

  it('refuses bad input with 422 naming the field', async () => {
    const cases: [GroupInvoiceScopeInput, string][] = [
      [scope({ periodIds: [] }), 'periodIds'],
      [scope({ feeHeadIds: [] }), 'feeHeadIds'],
      [scope({ periodIds: [crypto.randomUUID()] }), 'periodIds.0'],
      [scope({ feeHeadIds: [tuition, crypto.randomUUID()] }), 'feeHeadIds.1'],
      [scope({ academicSessionId: crypto.randomUUID() }), 'academicSessionId'],
      [scope({ classIds: ['x'] }), 'classIds.0'],
    ]
    for (const [request, field] of cases) {
      for (const endpoint of ['preview', 'runs']) {
        const res = await asUser(t, admin, 'POST', `${path}/${endpoint}`, request, {
          'Idempotency-Key': `bad-input-${++key}`,
        })
        expect(res.status, `${endpoint} ${field}`).toBe(422)
        expect(Object.keys(((await res.json()) as { errors: object }).errors)).toContain(field)
      }
    }
  })

  it('previews the VAT of each head and warns of a rate not yet in force on the issue date', async () => {
    const db = t.database.db
    // Heads made as the fee set-up makes them: VAT comes only from the rates the VAT page saves.
    const head = async (code: string, name: string) => {
      const res = await asUser(t, admin, 'POST', '/api/fees/heads', {
        name,
        code,
        kind: 'one_time',
        incomeAccountId: (
          (await (await asUser(t, admin, 'GET', '/api/fees/income-accounts')).json()) as {
            data: { id: string }[]
          }
        ).data[0]!.id,
      })
      expect(res.status).toBe(201)
      const id = ((await res.json()) as { id: string }).id
      await addConfig(db, instituteId, {
        academicSessionId: sessionId,
        classId: classIds[2]!,
        feeHeadId: id,
        amountMinor: 10_000,
      })
      return id
    }
    const science = await head('SCI', 'Science lab')
    const sports = await head('SPO', 'Sports')
    const vat = (feeHeadId: string, rateBp: number, effectiveFrom: string) =>
      asUser(t, admin, 'POST', `/api/fees/vat-rates/${feeHeadId}`, {
        rateBp,
        inclusive: false,
        effectiveFrom,
      })
    expect((await vat(science, 1_500, '2000-01-01')).status).toBe(201)
    const tomorrow = new Date(Date.parse(`${demoToday()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10)
    expect((await vat(sports, 500, tomorrow)).status).toBe(201)

    const shown = await preview(scope({ classIds: [classIds[2]!], feeHeadIds: [science, sports] }))
    const invoices = shown.invoiceCount
    expect(invoices).toBeGreaterThan(0)
    expect(shown.vat).toEqual(
      expect.arrayContaining([
        {
          feeHeadId: science,
          feeHeadName: 'Science lab',
          vatMinor: 1_500 * invoices,
          rateBps: [1_500],
        },
        { feeHeadId: sports, feeHeadName: 'Sports', vatMinor: 0, rateBps: [] },
      ]),
    )
    expect(shown.vatNotInForce).toEqual([
      {
        feeHeadId: sports,
        feeHeadName: 'Sports',
        issueDate: demoToday(),
        rateBp: 500,
        effectiveFrom: tomorrow,
      },
    ])
  })
})
