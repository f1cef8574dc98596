import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactElement } from 'react'
import { Dialog, DialogCancel } from '../../components/Dialog.tsx'
import { Field, SelectField, TextAreaField } from '../../components/form/Field.tsx'
import { SubmitButton } from '../../components/SubmitButton.tsx'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { useMoney } from '../../lib/use-money.ts'
import { allocate, byCollectionOrder } from '../../shared/fees/allocation.ts'
import {
  AdvanceOverrideRequestSchema,
  type AdvanceMovement,
  type AdvanceOverrideRequest,
} from '../../shared/schemas/advances.ts'
import type { Family, FamilyMember } from '../../shared/schemas/collection-payments.ts'
import { tenderMethodLabels } from '../../shared/messages/tender-methods.ts'
import { useRequestOverride } from './mutations.ts'

const shownFields = ['amountMinor', 'reason', 'lineIds', 'toStudentId', 'bankAccount', 'paymentId']

export type OverrideAsked =
  | { kind: 'apply' | 'transfer' | 'refund'; member: FamilyMember }
  | { kind: 'undo'; member: FamilyMember; movement: AdvanceMovement }

/**
 * One override of a member's advance, with its reason: pay chosen lines from it (the preview
 * shows where each minor unit goes), transfer it to a sibling, refund it in cash or to a bank,
 * or undo an application. Done at once, or sent for a second user's approval above the
 * policy's amount. The key is made when the dialog opens: a retry makes it once.
 */
export function OverrideDialog({
  asked,
  family,
  onClose,
}: {
  asked: OverrideAsked
  family: Family
  onClose: () => void
}): ReactElement {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const { member } = asked
  const siblings = family.members.filter((m) => m.studentId !== member.studentId)
  const familyLines = byCollectionOrder(family.members.flatMap((m) => m.lines))
  const [lineIds, setLineIds] = useState(() =>
    member.lines.length ? member.lines.map((l) => l.lineId) : familyLines.map((l) => l.lineId),
  )
  const chosen = familyLines.filter((l) => lineIds.includes(l.lineId))
  const chosenDue = chosen.reduce((s, l) => s + l.dueMinor + l.fineMinor, 0)
  const [amount, setAmount] = useState(() =>
    money.toInput(
      asked.kind === 'apply' ? Math.min(member.advanceMinor, chosenDue) : member.advanceMinor,
    ),
  )
  const [toStudentId, setToStudentId] = useState(siblings[0]?.studentId ?? '')
  const [method, setMethod] = useState<'cash' | 'bank'>('cash')
  const [bankAccount, setBankAccount] = useState(family.bankAccounts[0] ?? '')
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [key] = useState(() => crypto.randomUUID())
  const { fieldErrors, checkFields, toastUnlessFieldError } = useServerErrors()
  const request = useRequestOverride(key, {
    onSuccess: (done) => {
      showToast({
        variant: 'success',
        title:
          done.status === 'pending'
            ? t`Sent for approval: another user must approve it.`
            : t`The advance was changed.`,
      })
      onClose()
    },
    onError: (err) => toastUnlessFieldError(err, t`The advance was not changed`),
  })
  const amountMinor = money.parse(amount) ?? -1
  const base = { studentId: member.studentId, reason }
  const bodies = {
    apply: { ...base, kind: 'apply', amountMinor, lineIds },
    transfer: { ...base, kind: 'transfer', amountMinor, toStudentId },
    refund: { ...base, kind: 'refund', amountMinor, method, bankAccount },
  } as const
  const body: AdvanceOverrideRequest =
    asked.kind === 'undo'
      ? { ...base, kind: 'undo', paymentId: asked.movement.undoPaymentId ?? '' }
      : bodies[asked.kind]
  const errors = {
    ...fieldErrors(request.error),
    ...(tried ? checkFields(AdvanceOverrideRequestSchema, body) : {}),
  }
  // A refusal of a field this form does not show (a line closed meanwhile, say): said above.
  const unshown = Object.entries(fieldErrors(request.error)).find(
    ([field]) => !shownFields.includes(field),
  )?.[1]
  const preview =
    asked.kind === 'apply' && amountMinor > 0 && amountMinor <= chosenDue
      ? allocate(chosen, amountMinor).allocations
      : []

  function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    if (Object.keys(checkFields(AdvanceOverrideRequestSchema, body)).length) return
    request.mutate({ ...body, reason: reason.trim() })
  }

  const name = member.fullName
  const balance = money.format(member.advanceMinor)
  const titles = {
    apply: <Trans>Pay lines from {name}’s advance</Trans>,
    transfer: <Trans>Transfer {name}’s advance to a sibling</Trans>,
    refund: <Trans>Refund {name}’s advance</Trans>,
    undo: <Trans>Undo an application of {name}’s advance</Trans>,
  }
  return (
    <Dialog title={titles[asked.kind]} onClose={onClose} unsaved={reason !== ''}>
      <form className="form" noValidate onSubmit={submit}>
        <p>
          <Trans>Advance held: {balance}</Trans>
        </p>
        {asked.kind === 'undo' && <UndoFacts movement={asked.movement} format={money.format} />}
        {asked.kind === 'apply' && (
          <fieldset className="override-lines">
            <legend>
              <Trans>Lines to pay</Trans>
            </legend>
            {familyLines.map((l) => {
              const paid = preview.find((a) => a.lineId === l.lineId)
              const owner = family.members.find((m) => m.studentId === l.studentId)!.fullName
              return (
                <label key={l.lineId} className="check">
                  <input
                    type="checkbox"
                    checked={lineIds.includes(l.lineId)}
                    onChange={(e) =>
                      setLineIds((ids) =>
                        e.target.checked ? [...ids, l.lineId] : ids.filter((id) => id !== l.lineId),
                      )
                    }
                  />{' '}
                  {owner} · {l.feeHeadName}
                  {l.periodName ? ` · ${l.periodName}` : ''} ·{' '}
                  {money.format(l.dueMinor + l.fineMinor)}
                  {paid && (
                    <strong className="override-preview">
                      {' '}
                      → {money.format(paid.principalMinor + paid.fineMinor)}
                    </strong>
                  )}
                </label>
              )
            })}
            {errors.lineIds && <small className="field-error">{errors.lineIds}</small>}
          </fieldset>
        )}
        {asked.kind === 'transfer' && (
          <SelectField
            label={t`To`}
            value={toStudentId}
            error={errors.toStudentId}
            onChange={(e) => setToStudentId(e.target.value)}
          >
            {siblings.map((s) => (
              <option key={s.studentId} value={s.studentId}>
                {s.fullName} ({s.studentCode})
              </option>
            ))}
          </SelectField>
        )}
        {asked.kind === 'refund' && (
          <>
            <SelectField
              label={t`Paid back by`}
              value={method}
              onChange={(e) => setMethod(e.target.value as 'cash' | 'bank')}
            >
              <option value="cash">{i18n._(tenderMethodLabels.cash)}</option>
              <option value="bank">{i18n._(tenderMethodLabels.bank)}</option>
            </SelectField>
            {method === 'bank' && (
              <SelectField
                label={t`Bank account`}
                value={bankAccount}
                error={errors.bankAccount}
                onChange={(e) => setBankAccount(e.target.value)}
              >
                {family.bankAccounts.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </SelectField>
            )}
          </>
        )}
        {asked.kind !== 'undo' && (
          <Field
            label={t`Amount`}
            inputMode="decimal"
            value={amount}
            error={errors.amountMinor}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
        <TextAreaField
          label={t`Reason`}
          rows={2}
          maxLength={500}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {(errors.paymentId ?? unshown) && (
          <p className="alert alert-danger" role="alert">
            {errors.paymentId ?? unshown}
          </p>
        )}
        <div className="form-actions">
          <DialogCancel>
            <Trans>Leave the advance as it is</Trans>
          </DialogCancel>
          <SubmitButton busy={request.isPending}>
            <Trans>Save the override</Trans>
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

function UndoFacts({
  movement,
  format,
}: {
  movement: AdvanceMovement
  format: (minor: number) => string
}): ReactElement {
  const receipt = movement.receiptNumber ?? ''
  const amount = format(-movement.amountMinor)
  return (
    <p>
      <Trans>
        Receipt {receipt} paid {amount} from the advance. Undoing it cancels the receipt: its lines
        are due again and the amount returns to the advance.
      </Trans>
    </p>
  )
}
