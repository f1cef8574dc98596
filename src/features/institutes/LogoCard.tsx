import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ChangeEvent, type ReactElement } from 'react'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { useAbility } from '../../lib/ability.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { showToast } from '../../lib/toasts.ts'
import { sniffType } from '../../shared/file-type.ts'
import { maxLogoBytes, type InstituteSettings } from '../../shared/schemas/institutes.ts'
import { useRemoveLogo, useUploadLogo } from './mutations.ts'

const logoTypes = ['image/png', 'image/jpeg', 'image/webp']

/** The institute's logo: shown in the top bar and on the public admission pages. */
export function LogoCard({ settings }: { settings: InstituteSettings }): ReactElement {
  const { t } = useLingui()
  const ability = useAbility()
  const { translate, fieldErrors, toastUnlessFieldError } = useServerErrors()
  const inputId = useId()
  const [problem, setProblem] = useState<string>()
  const editable = ability.can('update', 'institute')
  const upload = useUploadLogo({
    onSuccess: () => showToast({ variant: 'success', title: t`The new logo is in place.` }),
    onError: (err) => toastUnlessFieldError(err, t`The logo was not changed`),
  })
  const remove = useRemoveLogo({
    onSuccess: () => showToast({ variant: 'success', title: t`The logo was removed.` }),
    onError: (err) => toastUnlessFieldError(err, t`The logo was not removed`),
  })
  const error = problem ?? fieldErrors(upload.error).file

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    upload.reset()
    // Told at once what the server would refuse: checked by the file's first bytes.
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
    const type = sniffType(head)
    if (!type || !logoTypes.includes(type)) {
      return setProblem(translate({ code: 'logo_type' }))
    }
    if (file.size > maxLogoBytes) {
      return setProblem(translate({ code: 'logo_too_large', values: { max: maxLogoBytes / 1e6 } }))
    }
    setProblem(undefined)
    upload.mutate(file)
  }

  return (
    <section className="card institute-logo-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>
        <Trans>Logo</Trans>
      </h2>
      <div className="logo-preview" data-testid="logo-preview">
        {settings.logo ? (
          <InstituteLogo logo={settings.logo} height={96} />
        ) : (
          <p className="muted">
            <Trans>No logo yet.</Trans>
          </p>
        )}
      </div>
      <p className="muted">
        <Trans>
          A PNG, JPEG or WEBP image of at most 1 MB; it is kept at most 512 pixels a side.
        </Trans>
      </p>
      {editable && (
        <div className="form-actions">
          {settings.logo && (
            <button
              type="button"
              className="button"
              disabled={remove.isPending || upload.isPending}
              onClick={() => {
                if (window.confirm(t`Remove the logo?`)) remove.mutate()
              }}
            >
              <Trans>Remove logo</Trans>
            </button>
          )}
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={logoTypes.join(',')}
            disabled={upload.isPending}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(e) => void choose(e)}
          />
          <label
            htmlFor={inputId}
            className={`button button-primary${upload.isPending ? ' is-busy' : ''}`}
            aria-disabled={upload.isPending}
          >
            {settings.logo ? <Trans>Choose a new logo</Trans> : <Trans>Choose a logo</Trans>}
          </label>
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
