import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { PageHeader } from '../../../components/PageHeader.tsx'
import { PagedTable } from '../../../components/table/PagedTable.tsx'
import { RowActions } from '../../../components/table/RowActions.tsx'
import { SearchBox } from '../../../components/table/SearchBox.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useFormat } from '../../../lib/format.ts'
import { useListSearch } from '../../../lib/list-search.ts'
import { session } from '../../../lib/session.ts'
import { showToast } from '../../../lib/toasts.ts'
import type { AdmissionForm } from '../../../shared/schemas/admission-forms.ts'
import {
  type ApplicantStatus,
  type AdmissionFormListSearch,
} from '../../../shared/schemas/admission-lists.ts'
import { dayDate, todayIso } from '../../../lib/dates.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { statusLabels } from '../labels.ts'
import { useAdmissionErrors } from './errors.ts'
import { formState, formStateBadges, formStateLabels, totalApplications } from './form-state.ts'
import { useDeleteForm, useFormAction, type FormAction } from './mutations.ts'
import { formsQuery } from './queries.ts'
import './staff.css'

const FormDialog = lazy(() => import('./FormDialog.tsx').then((m) => ({ default: m.FormDialog })))

const isStatus = (status: string): status is ApplicantStatus => status in statusLabels

type SearchChange = (next: Partial<AdmissionFormListSearch>) => void
type Editing = { kind: 'create' } | { kind: 'edit'; form: AdmissionForm } | undefined

/** Where applicants open a form: /admission/<institute slug>/<form id>. */
export function publicFormUrl(slug: string, formId: string): string {
  const path = `/admission/${encodeURIComponent(slug)}/${encodeURIComponent(formId)}`
  return new URL(path, window.location.origin).href
}

/** /admission-forms: the institute's admission forms, made, published, opened and closed. */
export function FormsPage({
  search,
  onSearchChange,
}: {
  search: AdmissionFormListSearch
  onSearchChange: SearchChange
}): ReactElement {
  const { t, i18n } = useLingui()
  const ability = useAbility()
  const { number } = useFormat()
  const money = useMoney()
  const errorsOf = useAdmissionErrors()
  const { data } = useSuspenseQuery(formsQuery(search))
  const [editing, setEditing] = useState<Editing>()
  const canCreate = ability.can('create', 'admission')
  const canUpdate = ability.can('update', 'admission')
  const canDelete = ability.can('delete', 'admission')
  const slug = session.userData()?.institute?.slug
  const today = todayIso()
  const days = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short' })

  const { onSearch, sorting, paging } = useListSearch(search, onSearchChange)

  const act = useFormAction({
    onSuccess: (saved, { action }) => {
      const name = saved.title
      const titles: Record<FormAction, string> = {
        publish: saved.accepting
          ? t`${name} is published and takes applications.`
          : t`${name} is published; it takes applications while open and within its dates.`,
        unpublish: t`${name} is unpublished: applicants no longer see it.`,
        close: t`${name} is closed: it takes no more applications.`,
        open: t`${name} takes applications again between its dates.`,
      }
      showToast({ variant: 'success', title: titles[action] })
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The form was not changed`),
  })

  const remove = useDeleteForm({
    onSuccess: (_, form) => {
      const name = form.title
      showToast({ variant: 'success', title: t`The form ${name} was deleted.` })
    },
    onError: (err) => errorsOf.toastUnlessFieldError(err, t`The form was not deleted`),
  })

  const copy = (url: string) => {
    const done = () => showToast({ variant: 'success', title: t`The link was copied.` })
    const failed = () =>
      showToast({
        variant: 'error',
        title: t`The link could not be copied`,
        text: t`Select it and copy it by hand.`,
      })
    if (!navigator.clipboard) return failed()
    navigator.clipboard.writeText(url).then(done, failed)
  }

  return (
    <div className="page admission-staff">
      <PageHeader
        title={<Trans>Admission forms</Trans>}
        subtitle={
          <Trans>
            The forms applicants fill in online. A form takes applications once it is published,
            between its opening and closing dates, unless it is closed early.
          </Trans>
        }
        actions={
          canCreate && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setEditing({ kind: 'create' })}
            >
              <Trans>New form</Trans>
            </button>
          )
        }
      />

      <section className="card">
        <div className="toolbar">
          <SearchBox value={search.q} onSearch={onSearch} label={t`Search forms`} />
        </div>

        <PagedTable
          empty={<Trans>No forms match.</Trans>}
          {...paging}
          total={data.total}
          sorting={sorting}
          columns={[
            { label: t`Title`, sort: 'title' },
            { label: <Trans>Class and session</Trans> },
            { label: t`Dates`, sort: 'opensOn' },
            { label: <Trans>Fee</Trans>, amount: true },
            { label: <Trans>State</Trans> },
            { label: <Trans>Applications</Trans>, amount: true },
            { label: <Trans>Actions</Trans>, hidden: true },
          ]}
          rows={data.data.map((form) => {
            const name = form.title
            const state = formState(form, today)
            const total = totalApplications(form)
            const url = slug ? publicFormUrl(slug, form.id) : undefined
            const breakdown = Object.entries(form.counts)
              .filter(([, n]) => n > 0)
              .map(([status, n]) => {
                const label = isStatus(status) ? i18n._(statusLabels[status]) : status
                const count = number(n)
                return t`${label}: ${count}`
              })
              .join(', ')
            const deleteReason =
              total > 0
                ? t`Applications have arrived for this form, so it cannot be deleted. Unpublish or close it instead.`
                : undefined
            return (
              <tr key={form.id}>
                <td>
                  <strong>{form.title}</strong>
                  {url && (
                    <span className="form-public-link">
                      <a
                        href={url}
                        target="_blank"
                        rel="noreferrer"
                        title={
                          form.published
                            ? url
                            : t`Applicants can open this link once the form is published.`
                        }
                      >
                        {new URL(url).pathname}
                      </a>
                      <button
                        type="button"
                        className="button-link"
                        aria-label={t`Copy link to ${name}`}
                        onClick={() => copy(url)}
                      >
                        <Trans>Copy link</Trans>
                      </button>
                    </span>
                  )}
                </td>
                <td>
                  {[form.className, form.groupName].filter(Boolean).join(' · ')}
                  <small className="muted block">{form.academicSession}</small>
                </td>
                <td className="form-dates">
                  {days.formatRange(dayDate(form.opensOn), dayDate(form.closesOn))}
                </td>
                <td className="amount">{money.format(form.fee)}</td>
                <td>
                  <span className={`badge ${formStateBadges[state]}`}>
                    {i18n._(formStateLabels[state])}
                  </span>
                </td>
                <td className="amount" title={breakdown || undefined}>
                  <Link
                    to="/admission-applicants"
                    search={{ formId: form.id }}
                    aria-label={t({
                      message: plural(total, {
                        one: `# application to ${name}`,
                        other: `# applications to ${name}`,
                      }),
                    })}
                  >
                    {number(total)}
                  </Link>
                </td>
                <td>
                  <RowActions
                    label={name}
                    shown={1}
                    actions={[
                      canUpdate && {
                        label: <Trans>Edit</Trans>,
                        name: t`Edit ${name}`,
                        onSelect: () => setEditing({ kind: 'edit', form }),
                      },
                      canUpdate && {
                        label: form.published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>,
                        name: form.published ? t`Unpublish ${name}` : t`Publish ${name}`,
                        disabled: act.isPending,
                        onSelect: () =>
                          act.mutate({ form, action: form.published ? 'unpublish' : 'publish' }),
                      },
                      canUpdate && {
                        label: form.closed ? <Trans>Reopen</Trans> : <Trans>Close</Trans>,
                        name: form.closed ? t`Reopen ${name}` : t`Close ${name}`,
                        disabled: act.isPending,
                        onSelect: () => {
                          if (form.closed) act.mutate({ form, action: 'open' })
                          else if (window.confirm(t`Close ${name}? It takes no more applications.`))
                            act.mutate({ form, action: 'close' })
                        },
                      },
                      canDelete && {
                        label: <Trans>Delete</Trans>,
                        name: t`Delete ${name}`,
                        reason: deleteReason,
                        disabled: remove.isPending,
                        onSelect: () => {
                          if (window.confirm(t`Delete the form ${name}?`)) remove.mutate(form)
                        },
                      },
                    ]}
                  />
                </td>
              </tr>
            )
          })}
        />
      </section>

      <Suspense fallback={null}>
        {editing?.kind === 'create' && <FormDialog onClose={() => setEditing(undefined)} />}
        {editing?.kind === 'edit' && (
          <FormDialog form={editing.form} onClose={() => setEditing(undefined)} />
        )}
      </Suspense>
    </div>
  )
}
