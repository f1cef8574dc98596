/**
 * What the visitor has put into a server-rendered field before the page's scripts ran: its
 * value when it differs from what the server rendered, else undefined. Without React, so the
 * public pages' entry can ask it before loading any.
 */
export function changedByVisitor(element: Element): string | undefined {
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox' || element.type === 'radio') {
      return element.checked !== element.defaultChecked ? String(element.checked) : undefined
    }
    return element.type !== 'file' && element.value !== element.defaultValue
      ? element.value
      : undefined
  }
  if (element instanceof HTMLTextAreaElement) {
    return element.value !== element.defaultValue ? element.value : undefined
  }
  if (element instanceof HTMLSelectElement) {
    const rendered = Array.from(element.options).find((o) => o.defaultSelected)
    return element.value !== (rendered ?? element.options[0])?.value ? element.value : undefined
  }
  return undefined
}
