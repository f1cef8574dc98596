import { proxy, subscribe } from 'valtio'
import type { NotifyType } from '../../../shared/schemas/auth.ts'

/** The forgot-password flow's state (§3), kept for the tab so a reload does not lose the step. */
interface RecoveryFlow {
  username: string
  selectIdentity: { email: string | null; phone: string | null }
  notifyType: NotifyType | null
  /** Earned by entering the right code; sent with the new password. */
  resetToken: string | null
}

const key = 'recovery-flow'
const empty: RecoveryFlow = {
  username: '',
  selectIdentity: { email: null, phone: null },
  notifyType: null,
  resetToken: null,
}

function load(): RecoveryFlow {
  try {
    return {
      ...empty,
      ...(JSON.parse(sessionStorage.getItem(key) ?? '{}') as Partial<RecoveryFlow>),
    }
  } catch {
    return { ...empty }
  }
}

export const recoveryFlow = proxy<RecoveryFlow>(load())
subscribe(recoveryFlow, () => {
  if (recoveryFlow.username) sessionStorage.setItem(key, JSON.stringify(recoveryFlow))
  else sessionStorage.removeItem(key)
})

/** Step 4 done (§4): all flow state is cleared. */
export function clearRecoveryFlow() {
  Object.assign(recoveryFlow, structuredClone(empty))
}

/**
 * What each later step needs of the earlier ones in this tab; without it, the flow starts again
 * at /forgot-password (a reload keeps the step; a new tab, or a step done, does not).
 */
export const recoveryStepReady = {
  '/recover-identity': () => Boolean(recoveryFlow.username),
  '/otp-verify': () => Boolean(recoveryFlow.username && recoveryFlow.notifyType),
  '/reset-password': () => Boolean(recoveryFlow.resetToken),
}
