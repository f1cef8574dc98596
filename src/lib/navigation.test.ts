import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { takeCarriedToast } from './carried-toast.ts'
import { navigateTo, setNavigator } from './navigation.ts'
import { toasts } from './toasts.ts'

describe('a toast given with a navigation', () => {
  const stored = new Map<string, string>()
  const assign = vi.fn()
  beforeAll(() => {
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    })
    vi.stubGlobal('window', { location: { assign, replace: vi.fn() } })
    vi.stubGlobal('location', { href: 'http://localhost/here', pathname: '/here' })
  })
  afterAll(() => vi.unstubAllGlobals())

  const uploaded = { variant: 'success', title: 'Attachments uploaded' } as const

  it('is carried to the document a public page loads, and shown there once', () => {
    void navigateTo('/admission/demo/form/temporaryId/abc', { toast: uploaded })
    expect(assign).toHaveBeenCalledWith('/admission/demo/form/temporaryId/abc')
    expect(toasts.items).toEqual([])
    // Shown on the page it was for, once; not on another (the load never happened).
    vi.stubGlobal('location', {
      href: 'http://localhost/x',
      pathname: '/admission/demo/form/temporaryId/abc',
    })
    expect(takeCarriedToast()).toEqual(uploaded)
    expect(takeCarriedToast()).toBeUndefined()
    void navigateTo('/admission/demo/form/temporaryId/abc', { toast: uploaded })
    vi.stubGlobal('location', { href: 'http://localhost/y', pathname: '/elsewhere' })
    expect(takeCarriedToast()).toBeUndefined()
  })

  it('is shown at once where the staff app’s router navigates within the page', async () => {
    const go = vi.fn(async () => {})
    setNavigator({ go, reload: vi.fn() })
    await navigateTo('/students', { toast: uploaded, replace: true })
    expect(go).toHaveBeenCalledWith('/students', { replace: true })
    expect(toasts.items).toMatchObject([uploaded])
    expect(takeCarriedToast()).toBeUndefined()
  })
})
