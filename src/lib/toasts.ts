import { proxy } from 'valtio'

const toastTimeoutMs = 3000 // §9

interface Toast {
  id: number
  variant: 'success' | 'error' | 'info'
  title: string
  text?: string
}

export const toasts = proxy<{ items: Toast[] }>({ items: [] })
let nextId = 1

export function dismissToast(id: number) {
  toasts.items = toasts.items.filter((t) => t.id !== id)
}

/** Shows a message for three seconds; callers pass already translated text. */
export function showToast(toast: Omit<Toast, 'id'>) {
  const id = nextId++
  toasts.items = [...toasts.items, { ...toast, id }]
  setTimeout(() => dismissToast(id), toastTimeoutMs)
  return id
}
