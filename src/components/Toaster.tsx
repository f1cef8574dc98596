import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { dismissToast, showCarriedToast, toasts } from '../lib/toasts.ts'
import { Icon } from './icons.tsx'

export function Toaster() {
  const { t } = useLingui()
  const { items } = useSnapshot(toasts)
  // What the page that loaded this one had to say (lib/navigation.ts).
  useEffect(showCarriedToast, [])
  return (
    <div className="toaster" aria-live="polite">
      {items.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.variant}`}
          role={toast.variant === 'error' ? 'alert' : 'status'}
        >
          <div>
            <strong>{toast.title}</strong>
            {toast.text && <p>{toast.text}</p>}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(toast.id)}
          >
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  )
}
