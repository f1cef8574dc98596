import { describe, expect, it } from 'vitest'
import { placePopover } from './placement.ts'

const viewport = { width: 1000, height: 800 }
const size = { width: 200, height: 120 }
const button = { top: 100, bottom: 130, left: 500, right: 540 }

describe('placePopover', () => {
  it('opens under the button, ending at its end edge in left-to-right text', () => {
    expect(placePopover(button, size, viewport, { align: 'end', rtl: false })).toEqual({
      top: 134,
      left: 340,
    })
  })

  it('ends at the left edge in right-to-left text, and starts where the reading starts', () => {
    expect(placePopover(button, size, viewport, { align: 'end', rtl: true }).left).toBe(500)
    expect(placePopover(button, size, viewport, { align: 'start', rtl: false }).left).toBe(500)
    expect(placePopover(button, size, viewport, { align: 'start', rtl: true }).left).toBe(340)
  })

  it('stays inside the window at either edge', () => {
    const nearLeft = { ...button, left: 10, right: 50 }
    expect(placePopover(nearLeft, size, viewport, { align: 'end', rtl: false }).left).toBe(8)
    const nearRight = { ...button, left: 950, right: 990 }
    expect(placePopover(nearRight, size, viewport, { align: 'start', rtl: false }).left).toBe(792)
  })

  it('opens over the button when there is no room below but there is above', () => {
    const low = { ...button, top: 700, bottom: 730 }
    expect(placePopover(low, size, viewport, { align: 'end', rtl: false }).top).toBe(576)
    const cramped = { ...button, top: 60, bottom: 90 }
    expect(
      placePopover(cramped, size, { width: 1000, height: 200 }, { align: 'end', rtl: false }).top,
    ).toBe(94)
  })
})
