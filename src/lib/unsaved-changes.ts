import { useBlocker } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A form's guard against losing its changes: while `changed`, leaving the route (TanStack
 * Router's navigation blocking), closing or reloading the tab (beforeunload) and the form's own
 * `confirm(close)` ask first. The question is shown by `UnsavedChangesPrompt` (Dialog.tsx);
 * `Dialog` with `unsaved` uses this for its Esc, close button and click outside.
 */
export interface UnsavedChanges {
  /** Runs `discard` at once when nothing changed, otherwise once the user agrees. */
  confirm: (discard: () => void) => void
  /** The question is waiting for an answer. */
  asking: boolean
  /** The answer "keep editing": nothing is closed and the route stays. */
  keep: () => void
  /** The answer "discard": the close or the navigation that was held goes ahead. */
  discard: () => void
  /**
   * The changes are saved: a navigation the save itself makes (before the form re-renders) is
   * not held. Holds until `changed` next changes.
   */
  release: () => void
}

export function useUnsavedChanges(changed: boolean): UnsavedChanges {
  const changedRef = useRef(changed)
  const releasedRef = useRef(false)
  useEffect(() => {
    changedRef.current = changed
    releasedRef.current = false
  }, [changed])
  const [pending, setPending] = useState<{ discard: () => void } | null>(null)

  const holding = useCallback(() => changedRef.current && !releasedRef.current, [])
  const shouldBlockFn = useCallback(() => holding(), [holding])
  const blocker = useBlocker({
    shouldBlockFn,
    enableBeforeUnload: holding,
    withResolver: true,
    disabled: !changed,
  })

  const confirm = useCallback(
    (discard: () => void) => {
      if (holding()) setPending({ discard })
      else discard()
    },
    [holding],
  )
  const keep = useCallback(() => {
    setPending(null)
    blocker.reset?.()
  }, [blocker])
  const discard = useCallback(() => {
    setPending(null)
    if (blocker.status === 'blocked') blocker.proceed()
    else pending?.discard()
  }, [blocker, pending])
  const release = useCallback(() => {
    releasedRef.current = true
  }, [])

  return {
    confirm,
    asking: pending !== null || blocker.status === 'blocked',
    keep,
    discard,
    release,
  }
}
