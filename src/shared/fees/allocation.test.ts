import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocate, byCollectionOrder, totalDue, type DueLine } from './allocation.ts'

const line = (lineId: string, over: Partial<DueLine> = {}): DueLine => ({
  lineId,
  dueDate: '2026-01-10',
  priority: 0,
  invoiceNumber: 'INV-2026-000001',
  dueMinor: 1000,
  fineMinor: 0,
  ...over,
})

describe('allocating a payment', () => {
  it('pays the oldest due first, then by head priority, each line’s fine before its principal', () => {
    const lines = [
      line('feb-tuition', { dueDate: '2026-02-10', priority: 0 }),
      line('jan-lab', { dueDate: '2026-01-10', priority: 2, fineMinor: 50 }),
      line('jan-tuition', { dueDate: '2026-01-10', priority: 1, fineMinor: 100 }),
    ]
    expect(byCollectionOrder(lines).map((l) => l.lineId)).toEqual([
      'jan-tuition',
      'jan-lab',
      'feb-tuition',
    ])
    expect(allocate(lines, 1_300)).toEqual({
      allocations: [
        { lineId: 'jan-tuition', fineMinor: 100, principalMinor: 1000 },
        { lineId: 'jan-lab', fineMinor: 50, principalMinor: 150 },
      ],
      restMinor: 0,
    })
  })

  it('keeps what is received beyond every line as the rest', () => {
    expect(allocate([line('a')], 1_500)).toEqual({
      allocations: [{ lineId: 'a', fineMinor: 0, principalMinor: 1000 }],
      restMinor: 500,
    })
  })

  it('takes a fine in part when the money runs out within it', () => {
    expect(allocate([line('a', { fineMinor: 300 })], 120).allocations).toEqual([
      { lineId: 'a', fineMinor: 120, principalMinor: 0 },
    ])
  })

  it('places every minor unit exactly once, never over a line’s due, in order', () => {
    const due = fc.record({
      dueDate: fc.constantFrom('2026-01-10', '2026-02-10', '2026-03-10'),
      priority: fc.nat(3),
      dueMinor: fc.nat(100_000),
      fineMinor: fc.nat(5_000),
    })
    fc.assert(
      fc.property(fc.array(due, { maxLength: 12 }), fc.nat(400_000), (rows, amount) => {
        const lines = rows.map((r, i) => line(`l${i}`, { ...r, invoiceNumber: `INV-${i}` }))
        const { allocations, restMinor } = allocate(lines, amount)
        const paid = allocations.reduce((s, a) => s + a.principalMinor + a.fineMinor, 0)
        expect(paid + restMinor).toBe(amount)
        expect(restMinor).toBe(Math.max(0, amount - totalDue(lines)))
        const ordered = byCollectionOrder(lines)
        for (const a of allocations) {
          const l = lines.find((x) => x.lineId === a.lineId)!
          expect(a.principalMinor).toBeLessThanOrEqual(l.dueMinor)
          expect(a.fineMinor).toBeLessThanOrEqual(l.fineMinor)
          // A line is reached only once every line before it is paid in full.
          for (const earlier of ordered.slice(0, ordered.indexOf(l))) {
            const got = allocations.find((x) => x.lineId === earlier.lineId)
            expect((got?.principalMinor ?? 0) + (got?.fineMinor ?? 0)).toBe(
              earlier.dueMinor + earlier.fineMinor,
            )
          }
        }
      }),
    )
  })
})
