import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactElement } from 'react'
import { smsLength } from '../../shared/sms/segments.ts'
import { maxSegments } from '../../shared/sms/template.ts'
import { encodingLabels } from './labels.ts'

/**
 * What a message of `text` takes, as the network counts it (the function the server debits
 * with): its characters, its encoding and its parts, and what the last part has left.
 */
export function LengthMeter({ text, id }: { text: string; id?: string }): ReactElement {
  const { t, i18n } = useLingui()
  const length = smsLength(text)
  const characters = length.characters
  const segments = length.segments
  const remaining = length.remaining
  return (
    <p
      id={id}
      className={`sms-length${segments > maxSegments ? ' field-error' : ''}`}
      data-testid="sms-length"
      aria-live="polite"
    >
      {t({ message: plural(characters, { one: '# character', other: '# characters' }) })} ·{' '}
      {i18n._(encodingLabels[length.encoding])} ·{' '}
      {t({ message: plural(segments, { one: '# SMS', other: '# SMS parts' }) })} ·{' '}
      {t({
        message: plural(remaining, { one: '# left in this part', other: '# left in this part' }),
      })}
    </p>
  )
}
