import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { snapshot } from 'valtio'
import { PageLink } from '../../../components/PageLink.tsx'
import { SubmitButton } from '../../../components/SubmitButton.tsx'
import { useClientValue } from '../../../lib/client-value.ts'
import type { NotifyType } from '../../../shared/schemas/auth.ts'
import { AuthCard } from '../AuthCard.tsx'
import { recoveryFlow } from './recovery-flow.ts'
import { useSendCode } from './recovery.ts'

const noIdentity = { email: null, phone: null }

/** §4 forgot password, step 2: where the code should go (this tab's flow holds where it can). */
export function RecoverIdentityPage() {
  const { t } = useLingui()
  const identity = useClientValue(() => snapshot(recoveryFlow).selectIdentity, noIdentity)
  const [notifyType, setNotifyType] = useState<NotifyType>('email')
  const sendCode = useSendCode()
  const options = [
    { value: 'email' as const, label: t`Email`, target: identity.email },
    { value: 'phone' as const, label: t`Mobile`, target: identity.phone },
  ].filter((o) => o.target)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    sendCode.mutate({
      username: recoveryFlow.username,
      notifyType,
      toast: t`A code has been sent to your device.`,
    })
  }
  return (
    <AuthCard
      title={<Trans>Where should we send the code?</Trans>}
      footer={
        <PageLink href="/forgot-password">
          <Trans>Back</Trans>
        </PageLink>
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
