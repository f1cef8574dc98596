import type { MouseEvent, ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { SubmitButton } from './SubmitButton.tsx'

type ButtonProps = { onClick?: (event: MouseEvent) => void; disabled?: boolean }

describe('SubmitButton', () => {
  it('at rest is a plain submit button', () => {
    const html = renderToStaticMarkup(<SubmitButton>Save voucher</SubmitButton>)
    expect(html).toBe('<button type="submit" class="button button-primary">Save voucher</button>')
  })

  it('sends a form it stands outside of, under a name of its own', () => {
    const html = renderToStaticMarkup(
      <SubmitButton form="row-3" label="Save Cash" className="button-link">
        Save
      </SubmitButton>,
    )
    expect(html).toBe(
      '<button type="submit" form="row-3" aria-label="Save Cash" class="button-link">Save</button>',
    )
  })

  it('while busy says so, shows a spinner and stays focusable', () => {
    const html = renderToStaticMarkup(<SubmitButton busy>Save voucher</SubmitButton>)
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('aria-disabled="true"')
    expect(html).toContain('class="button button-primary is-busy"')
    expect(html).toContain('<span class="spinner" aria-hidden="true"></span>Save voucher')
    expect(html).not.toContain('disabled=""')
  })

  it('while busy refuses a second press; at rest lets it submit', () => {
    const busy = SubmitButton({ busy: true, children: 'Save' }) as ReactElement<ButtonProps>
    const event = { preventDefault: vi.fn() } as unknown as MouseEvent
    busy.props.onClick?.(event)
    expect(event.preventDefault).toHaveBeenCalledOnce()
    const idle = SubmitButton({ children: 'Save' }) as ReactElement<ButtonProps>
    expect(idle.props.onClick).toBeUndefined()
  })

  it('a form that cannot be sent is disabled, with its reason described', () => {
    const html = renderToStaticMarkup(
      <SubmitButton disabled describedBy="why">
        Save
      </SubmitButton>,
    )
    expect(html).toContain('disabled=""')
    expect(html).toContain('aria-describedby="why"')
  })
})
