import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactElement } from 'react'
import { SelectField } from '../../../components/form/Field.tsx'
import { HeaderRow } from '../../../components/table/HeaderRow.tsx'
import { useAbility } from '../../../lib/ability.ts'
import { useServerErrors } from '../../../lib/server-errors.ts'
import { showToast } from '../../../lib/toasts.ts'
import { useMoney } from '../../../lib/use-money.ts'
import type { FeeStructure } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import { useRemoveFeeOverride } from './mutations.ts'
import { classStudentsQuery, feeOverridesQuery } from './queries.ts'

const OverrideDialog = lazy(() =>
  import('./OverrideDialog.tsx').then((m) => ({ default: m.OverrideDialog })),
)

/**
 * On /std-fee-config: a class's students with what each pays of one head, to set an own amount
 * (or leave the head out) for several at once — the transport fee only some students pay.
 */
export function ClassOverridesSection(props: {
  structure: FeeStructure
  heads: FeeHead[]
  academicSessionId: string
}): ReactElement {
  const { structure, heads, academicSessionId } = props
  const { t } = useLingui()
  const [classId, setClassId] = useState(structure.classes.find((c) => c.active)?.id ?? '')
  const [feeHeadId, setFeeHeadId] = useState(heads[0]?.id ?? '')
  return (
    <section className="card" aria-labelledby="class-overrides-title">
      <h2 id="class-overrides-title">
        <Trans>Own fees of students</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Students who pay a head differently from their class, or not at all. Choose the class and
          the head, tick the students, then set their fee.
        </Trans>
      </p>
      <div className="toolbar">
        <SelectField label={t`Class`} value={classId} onChange={(e) => setClassId(e.target.value)}>
          {structure.classes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Fee head`}
          value={feeHeadId}
          onChange={(e) => setFeeHeadId(e.target.value)}
        >
          {heads.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name} ({h.code})
            </option>
          ))}
        </SelectField>
      </div>
      {classId && feeHeadId && (
        <Suspense fallback={<p aria-busy="true" />}>
          <ClassStudents
            key={`${classId}/${feeHeadId}`}
            structure={structure}
            heads={heads}
            query={{ academicSessionId, classId, feeHeadId }}
          />
        </Suspense>
      )}
    </section>
  )
}

function ClassStudents(props: {
  structure: FeeStructure
  heads: FeeHead[]
  query: { academicSessionId: string; classId: string; feeHeadId: string }
}): ReactElement {
  const { structure, heads, query } = props
  const { academicSessionId, classId, feeHeadId } = query
  const { t } = useLingui()
  const money = useMoney()
  const ability = useAbility()
  const { toastUnlessFieldError } = useServerErrors()
  const students = useSuspenseQuery(classStudentsQuery({ academicSessionId, classId })).data.data
  const overrides = useSuspenseQuery(
    feeOverridesQuery({ academicSessionId, feeHeadId }, '/std-fee-config'),
  ).data.data
  const own = new Map(overrides.map((o) => [o.studentId, o]))
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [setting, setSetting] = useState(false)
  const remove = useRemoveFeeOverride({
    onSuccess: ({ changed }) => {
      setChosen(new Set())
      showToast({
        variant: 'success',
        title: t({
          message: plural(changed, {
            one: '# student pays the class’s amount again.',
            other: '# students pay the class’s amount again.',
          }),
        }),
      })
    },
    onError: (err) => toastUnlessFieldError(err, t`The fees were not changed`),
  })
  const canChange = ability.can('update', 'std-fee-config')
  // Only students of the list shown count (a choice never outlives the list it was made in).
  const count = students.filter((s) => chosen.has(s.studentId)).length
  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now)
      if (!next.delete(id)) next.add(id)
      return next
    })

  if (students.length === 0) {
    return (
      <p className="muted">
        <Trans>No active students in this class in the session.</Trans>
      </p>
    )
  }
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">
            <Trans>Students of the class</Trans>
          </caption>
          <thead>
            <HeaderRow
              columns={[
                canChange && { label: t`Chosen`, hidden: true },
                { label: t`Student` },
                { label: t`Section and roll` },
                { label: t`Pays` },
              ]}
            />
          </thead>
          <tbody>
            {students.map((s) => {
              const o = own.get(s.studentId)
              const name = s.studentName
              return (
                <tr key={s.studentId}>
                  {canChange && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t`Choose ${name}`}
                        checked={chosen.has(s.studentId)}
                        onChange={() => toggle(s.studentId)}
                      />
                    </td>
                  )}
                  <th scope="row">
                    {s.studentName} <span className="muted">{s.studentCode}</span>
                  </th>
                  <td>
                    {s.sectionName ?? '—'} · {s.roll}
                  </td>
                  <td>
                    {!o
                      ? t`The class’s amount`
                      : o.amountMinor === null
                        ? t`Left out`
                        : money.format(o.amountMinor)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {canChange && (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={count === 0}
            onClick={() => setSetting(true)}
          >
            {count === 0 ? (
              <Trans>Choose students to set their fee</Trans>
            ) : (
              <Plural
                value={count}
                one="Set the fee of # chosen student"
                other="Set the fee of # chosen students"
              />
            )}
          </button>
          <button
            type="button"
            className="button"
            disabled={count === 0 || remove.isPending}
            onClick={() => remove.mutate({ studentIds: [...chosen], feeHeadId, academicSessionId })}
          >
            <Plural
              value={count}
              one="Class amount for # chosen student"
              other="Class amount for # chosen students"
            />
          </button>
        </div>
      )}
      {setting && (
        <Suspense fallback={null}>
          <OverrideDialog
            studentIds={[...chosen]}
            forWhom={t({ message: plural(count, { one: '# student', other: '# students' }) })}
            sessions={structure.sessions}
            heads={heads}
            initial={{ academicSessionId, feeHeadId }}
            onClose={() => {
              setSetting(false)
              setChosen(new Set())
            }}
          />
        </Suspense>
      )}
    </>
  )
}
