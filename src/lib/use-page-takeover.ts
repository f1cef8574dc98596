import { startTransition, useEffect, useState } from 'react'
import { loadErrorStrings } from './i18n.ts'
import { markLive } from './takeover.ts'

/**
 * Called by each server-rendered public page's component, and by those shown in its place
 * (not found, an error): the page is live once it is hydrated (React may hydrate it after the
 * frame around it) and what its forms took in from the page (useTypedBeforeHydration, in a
 * layout effect: rendered at once) is on screen. This transition renders after that, and its
 * effect then marks it and takes in the refusals' words (lib/i18n.ts).
 */
export function usePageTakeover() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => startTransition(() => setHydrated(true)), [])
  useEffect(() => {
    if (!hydrated) return
    markLive()
    // The refusals' words once the page is its own: never while it hydrates (behind the
    // first press held, done again).
    setTimeout(() => void loadErrorStrings())
  }, [hydrated])
}
