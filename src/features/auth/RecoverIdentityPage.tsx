import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import type { NotifyType } from '../../shared/schemas/auth.ts'
import { AuthCard } from './AuthCard.tsx'
import { recoveryFlow } from './recovery-flow.ts'
import { useSendCode } from './mutations.ts'
import { SubmitButton } from '../../components/SubmitButton.tsx'

/** §4 forgot password, step 2: where the code should go. */
export function RecoverIdentityPage() {
  const { t } = useLingui()
  const flow = useSnapshot(recoveryFlow)
  const [notifyType, setNotifyType] = useState<NotifyType>('email')
  const sendCode = useSendCode()
  const options = [
    { value: 'email' as const, label: t`Email`, target: flow.selectIdentity.email },
    { value: 'phone' as const, label: t`Mobile`, target: flow.selectIdentity.phone },
  ].filter((o) => o.target)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    sendCode.mutate({
      username: flow.username,
      notifyType,
      toast: t`A code has been sent to your device.`,
    })
  }
  return (
    <AuthCard
      title={<Trans>Where should we send the code?</Trans>}
      footer={
        <Link to="/forgot-password">
          <Trans>Back</Trans>
        </Link>
      }
    >
      <form onSubmit={submit}>
        <div className="choice-list" role="radiogroup">
          {options.map((o) => (
            <label key={o.value} className="choice-card radio">
              <input
                type="radio"
                name="notifyType"
                checked={notifyType === o.value}
                onChange={() => setNotifyType(o.value)}
              />
              <span>
                <strong>{o.label}</strong> <span className="muted">{o.target}</span>
              </span>
            </label>
          ))}
        </div>
        <SubmitButton className="button button-primary button-block" busy={sendCode.isPending}>
          <Trans>Send the code</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
