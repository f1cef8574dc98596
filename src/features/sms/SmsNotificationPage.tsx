import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { PageHeader } from '../../components/PageHeader.tsx'
import { HeaderRow } from '../../components/table/HeaderRow.tsx'
import { useAbility } from '../../lib/ability.ts'
import { localeNames } from '../../lib/i18n.ts'
import { showToast } from '../../lib/toasts.ts'
import { useServerErrors } from '../../lib/server-errors.ts'
import { instituteLocales } from '../../shared/schemas/institutes.ts'
import type { SmsTemplate } from '../../shared/schemas/sms.ts'
import { smsLength } from '../../shared/sms/segments.ts'
import { fillTemplate, sampleValues } from '../../shared/sms/template.ts'
import { purposeLabels } from './labels.ts'
import { useDeleteTemplate } from './mutations.ts'
import { smsTemplatesQuery } from './queries.ts'
import { AudienceSection } from './AudienceSection.tsx'
import { OptOutsSection } from './OptOutsSection.tsx'
import { TemplateForm } from './TemplateForm.tsx'
import './sms.css'

/**
 * /sms-notification: the institute's SMS templates, each with a text per language, its
 * variables filled per recipient and its length as the network counts it.
 */
export function SmsNotificationPage(): ReactElement {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(smsTemplatesQuery())
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const [editing, setEditing] = useState<SmsTemplate | 'new' | null>(null)
  const remove = useDeleteTemplate({
    onSuccess: () => showToast({ variant: 'success', title: t`The template was deleted.` }),
    onError: (err) => toastUnlessFieldError(err, t`The template was not deleted`),
  })
  // In the languages' own order (the database keeps a text's languages in its own).
  const parts = (template: SmsTemplate) =>
    instituteLocales
      .filter((l) => template.texts[l])
      .map((l) => {
        const segments = smsLength(fillTemplate(template.texts[l]!, sampleValues)).segments
        return `${localeNames[l]} ${segments}`
      })
      .join(' · ')
  const editLabel = (name: string) => t`Edit ${name}`
  const deleteLabel = (name: string) => t`Delete ${name}`
  const deleteQuestion = (name: string) => t`Delete the template ${name}?`

  return (
    <div className="page sms-page">
      <PageHeader
        title={<Trans>SMS notification</Trans>}
        subtitle={
          <Trans>
            Templates for the messages guardians and applicants get, one text per language. A
            character outside the GSM-7 alphabet (Bangla, for one) makes the whole message Unicode:
            70 characters a part instead of 160.
          </Trans>
        }
        actions={
          ability.can('create', 'sms-notification') && (
            <button type="button" className="button" onClick={() => setEditing('new')}>
              <Trans>New template</Trans>
            </button>
          )
        }
      />
      {editing && (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? undefined : editing}
          language={data.language}
          onDone={(saved) => {
            setEditing(null)
            if (saved) showToast({ variant: 'success', title: t`The template was saved.` })
          }}
        />
      )}
      <section className="card">
        <h2>
          <Trans>Templates</Trans>
        </h2>
        {data.data.length === 0 ? (
          <p className="muted">
            <Trans>No templates yet.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <HeaderRow
                  columns={[
                    { label: t`Name` },
                    { label: t`Used for` },
                    { label: t`SMS parts by language, with typical values` },
                    { label: t`Actions` },
                  ]}
                />
              </thead>
              <tbody>
                {data.data.map((template) => (
                  <tr key={template.id}>
                    <th scope="row">{template.name}</th>
                    <td>{i18n._(purposeLabels[template.purpose])}</td>
                    <td>{parts(template)}</td>
                    <td className="row-actions">
                      {ability.can('update', 'sms-notification') && (
                        <button
                          type="button"
                          className="button-link"
                          aria-label={editLabel(template.name)}
                          onClick={() => setEditing(template)}
                        >
                          <Trans>Edit</Trans>
                        </button>
                      )}
                      {ability.can('delete', 'sms-notification') && (
                        <button
                          type="button"
                          className="button-link"
                          aria-label={deleteLabel(template.name)}
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(deleteQuestion(template.name))) {
                              remove.mutate(template.id)
                            }
                          }}
                        >
                          <Trans>Delete</Trans>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <AudienceSection />
      <OptOutsSection />
    </div>
  )
}
