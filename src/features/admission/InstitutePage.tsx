import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { InstituteLogo } from '../../components/InstituteLogo.tsx'
import { PageLink } from '../../components/PageLink.tsx'
import { formPagePath, studentInvoicePath } from '../../shared/public-pages.ts'
import { FormFacts } from './FormFacts.tsx'
import { instituteFormsQuery } from './queries.ts'
import './admission.css'

/** `/admission/$institute`: the institute's forms that take applications today. */
export function InstitutePage({ institute }: { institute: string }) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(instituteFormsQuery(institute))
  return (
    <section className="admission-page">
      <header className="admission-header">
        <p className="admission-institute">
          {data.institute.logo && <InstituteLogo logo={data.institute.logo} height={48} />}
          {data.institute.name}
        </p>
        <h1>
          <Trans>Admission</Trans>
        </h1>
        {data.forms.length > 0 && (
          <p className="muted">
            <Trans>Choose the form for the class you are applying to.</Trans>
          </p>
        )}
      </header>
      {data.institute.admissionsOpen === false ? (
        <p className="card notice" role="status">
          <Trans>
            Admissions are closed: this institute is not taking applications at the moment.
          </Trans>
        </p>
      ) : data.forms.length === 0 ? (
        <p className="card notice">
          <Trans>No admission forms are open right now. Please look again later.</Trans>
        </p>
      ) : (
        <ul className="admission-form-list">
          {data.forms.map((form) => {
            const title = form.title
            return (
              <li key={form.id} className="card admission-form-card">
                <h2>{form.title}</h2>
                <FormFacts form={form} institute={data.institute} />
                <PageLink
                  href={formPagePath(institute, form.id)}
                  className="button button-primary button-block"
                  aria-label={t`Apply: ${title}`}
                >
                  <Trans>Apply</Trans>
                </PageLink>
              </li>
            )
          })}
        </ul>
      )}
      <p className="admission-dues-link">
        <Trans>Already a student here?</Trans>{' '}
        <a href={studentInvoicePath(data.institute.slug)}>
          <Trans>Pay school fees</Trans>
        </a>
      </p>
    </section>
  )
}
