import { useLayoutEffect, type RefObject } from 'react'
import { changedByVisitor } from './changed-by-visitor.ts'

/**
 * What the applicant typed into the server-rendered form before its scripts took over: React
 * takes the page over as it is and does not report it, so once, when the form comes to life,
 * each text field and choice whose content differs from what the server rendered hands it to
 * `keep(name, value)` (a box ticked or cleared as "true" or "false").
 *
 * In a layout effect: what it keeps renders at once, before any passive effect's update, so the
 * page is never marked live (use-page-takeover.ts), nor a press held before then done again,
 * while the form's state is still the server's empty one. From a passive effect, React could
 * render the page's takeover first: a held "Sign in" then found the fields empty.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  keep: (name: string, value: string) => void,
) {
  useLayoutEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      const value = changedByVisitor(element)
      if (value !== undefined) keep((element as HTMLInputElement).name, value)
    }
    // Once, at the first render in the browser: later changes go through the fields' handlers.
  }, [])
}
