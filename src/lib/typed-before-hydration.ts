import { useEffect, type RefObject } from 'react'

/**
 * What the applicant typed into the server-rendered form before its scripts took over: React
 * takes the page over as it is and does not report it, so once, when the form comes to life,
 * each text field and choice whose content differs from what the server rendered hands it to
 * `keep(name, value)`.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  keep: (name: string, value: string) => void,
) {
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
        if (element.type !== 'file' && element.value !== element.defaultValue) {
          keep(element.name, element.value)
        }
      } else if (element instanceof HTMLSelectElement) {
        const rendered = Array.from(element.options).find((o) => o.defaultSelected)
        if (element.value !== (rendered ?? element.options[0])?.value) {
          keep(element.name, element.value)
        }
      }
    }
    // Once, at the first render in the browser: later changes go through the fields' handlers.
  }, [])
}
