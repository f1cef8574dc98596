import { proxy } from 'valtio'
import { takeCarriedToast } from './carried-toast.ts'

const toastTimeoutMs = 3000 // §9

interface Toast {
  id: number
  variant: 'success' | 'error' | 'info'
  title: string
  text?: string
}

/** A toast as its caller gives it. */
export type ToastMessage = Omit<Toast, 'id'>

export const toasts = proxy<{ items: Toast[] }>({ items: [] })
let nextId = 1

export function dismissToast(id: number) {
  toasts.items = toasts.items.filter((t) => t.id !== id)
}

/** Shows a message for three seconds; callers pass already translated text. */
export function showToast(toast: ToastMessage) {
  const id = nextId++
  toasts.items = [...toasts.items, { ...toast, id }]
  setTimeout(() => dismissToast(id), toastTimeoutMs)
  return id
}

/** The toast the previous document of this tab carried over (lib/carried-toast.ts), shown once. */
export function showCarriedToast() {
  const carried = takeCarriedToast()
  if (carried) showToast(carried)
}
