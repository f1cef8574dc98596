import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Suspense, useState, type ReactElement } from 'react'
import { CounterSearch } from '../../components/CounterSearch.tsx'
import { InLanguage } from '../../components/InLanguage.tsx'
import { PageHeader } from '../../components/PageHeader.tsx'
import { PrintHeader } from '../../components/PrintHeader.tsx'
import { LedgerAgreementMark } from '../../components/report/LedgerAgreementMark.tsx'
import { ReportActions } from '../../components/report/ReportActions.tsx'
import { StudentLedgerTable } from '../../components/report/StudentLedgerTable.tsx'
import { useAbility } from '../../lib/ability.ts'
import { dayDate } from '../../lib/dates.ts'
import { useFormat } from '../../lib/format.ts'
import { isLocale, localeNames, locales, type Locale } from '../../lib/i18n.ts'
import { studentLedgerQuery } from '../../lib/student-ledger.ts'
import { useMoney } from '../../lib/use-money.ts'
import type { StudentLedgerQuery } from '../../shared/schemas/report-search.ts'
import { GuardianStatement } from './GuardianStatement.tsx'
import { useExportReport } from './mutations.ts'

type SearchChange = (next: Partial<StudentLedgerQuery>) => void

/**
 * The statement for the guardian: shown on the page in the language chosen for it (the app's
 * unless changed) and printed alone.
 */
function StatementCard({
  search,
  onOpen,
}: {
  search: StudentLedgerQuery & { studentId: string }
  onOpen: (open: boolean) => void
}) {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(studentLedgerQuery(search))
  const [language, setLanguage] = useState<Locale>(isLocale(i18n.locale) ? i18n.locale : 'en')
  const [open, setOpen] = useState(false)
  const show = (next: boolean) => {
    setOpen(next)
    onOpen(next)
  }
  return (
    <section className="card statement-card" aria-labelledby="statement-title">
      <div className="toolbar no-print">
        <h2 id="statement-title">
          <Trans>Statement for the guardian</Trans>
        </h2>
        <label>
          <Trans>Statement language</Trans>{' '}
          <select value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {localeNames[locale]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={() => show(!open)}>
          {open ? <Trans>Hide the statement</Trans> : <Trans>Show the statement</Trans>}
        </button>
        {open && (
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            <Trans>Print the statement</Trans>
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <InLanguage language={language} areas={['reports']}>
            <div lang={language}>
              <GuardianStatement ledger={data} />
            </div>
          </InLanguage>
        </Suspense>
      )}
    </section>
  )
}

/** The ledger of the student chosen: period, totals, its check against the due report, the table. */
function LedgerOf({
  search,
  onSearchChange,
}: {
  search: StudentLedgerQuery & { studentId: string }
  onSearchChange: SearchChange
}) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(studentLedgerQuery(search))
  const money = useMoney()
  const { date } = useFormat()
  const ability = useAbility()
  const exporting = useExportReport('student-ledger')
  const { student } = data
  // A period never ends before it starts: moving one end past the other moves both.
  const setPeriod = (next: { from?: string; to?: string }) => {
    const from = 'from' in next ? next.from : (search.from ?? data.from)
    const to = 'to' in next ? next.to : (search.to ?? data.to)
    if (from && to && to < from)
      onSearchChange('from' in next ? { from, to: from } : { from: to, to })
    else onSearchChange(next)
  }
  const period = `${date(dayDate(data.from), 'medium')} – ${date(dayDate(data.to), 'medium')}`
  return (
    <>
      <PrintHeader
        filters={[
          { label: <Trans>Student</Trans>, value: `${student.fullName} (${student.studentCode})` },
          { label: <Trans>Period</Trans>, value: period },
        ]}
      />
      <section className="card" aria-labelledby="ledger-student">
        <div className="toolbar">
          <h2 id="ledger-student" data-testid="ledger-student">
            {ability.can('read', 'students') ? (
              <Link to="/students/$studentId" params={{ studentId: student.id }}>
                {student.fullName}
              </Link>
            ) : (
              student.fullName
            )}{' '}
            <span className="muted">{student.studentCode}</span>
          </h2>
          <label className="no-print">
            <Trans>From</Trans>{' '}
            <input
              type="date"
              value={data.from}
              max={data.to}
              onChange={(e) => setPeriod({ from: e.target.value || undefined })}
            />
          </label>
          <label className="no-print">
            <Trans>To</Trans>{' '}
            <input
              type="date"
              value={data.to}
              min={data.from}
              onChange={(e) => setPeriod({ to: e.target.value || undefined })}
            />
          </label>
          <ReportActions
            empty={false}
            exporting={exporting.isPending}
            onExport={(format) => exporting.mutate({ format, search })}
          />
        </div>
        <dl className="report-totals" data-testid="ledger-totals">
          <div>
            <dt>
              <Trans>Due at the end</Trans>
            </dt>
            <dd data-testid="ledger-closing-total">{money.format(data.closing.balanceMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Fine accrued</Trans>
            </dt>
            <dd>{money.format(data.fineAccruedMinor)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Advance held</Trans>
            </dt>
            <dd data-testid="ledger-advance">{money.format(data.closing.advanceMinor)}</dd>
          </div>
        </dl>
        <LedgerAgreementMark
          agreement={data.agreement}
          account={t`the due report for this student`}
        />
        <StudentLedgerTable ledger={data} />
      </section>
    </>
  )
}

/**
 * /student-ledger: one student, found with the counter's search — every invoice, concession,
 * fine, waiver, payment, advance movement and cancellation of a period in date order, with the
 * opening balance, a running balance and the closing one (checked against the due report);
 * printable as a statement for the guardian in a language chosen for it.
 */
export function StudentLedgerPage({
  search,
  onSearchChange,
}: {
  search: StudentLedgerQuery
  onSearchChange: SearchChange
}): ReactElement {
  const [statementOpen, setStatementOpen] = useState(false)
  const { studentId } = search
  return (
    <div className={`page student-ledger${statementOpen ? ' statement-open' : ''}`}>
      <PageHeader
        title={<Trans>Student ledger</Trans>}
        subtitle={
          <Trans>
            Everything a student was charged and paid in a period, with the balance after each
            entry. Fines count when they are paid; the advance is shown apart.
          </Trans>
        }
      />
      <section className="card no-print">
        <CounterSearch
          key={studentId ?? ''}
          autoFocus={!studentId}
          onPick={(match) => onSearchChange({ studentId: match.studentId })}
        />
      </section>
      {studentId ? (
        <>
          <LedgerOf search={{ ...search, studentId }} onSearchChange={onSearchChange} />
          <StatementCard search={{ ...search, studentId }} onOpen={setStatementOpen} />
        </>
      ) : (
        <p className="muted">
          <Trans>Find a student to see their ledger.</Trans>
        </p>
      )}
    </div>
  )
}
