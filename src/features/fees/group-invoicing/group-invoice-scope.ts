import type { FeeStructure, PaymentCycle } from '../../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../../shared/schemas/fee-heads.ts'
import type { GroupInvoiceScopeInput } from '../../../shared/schemas/fees-invoices.ts'

/** Who a group run takes: the classes (sections, groups) of a campus, or students listed by name. */
export type ScopeKind = 'classes' | 'students'

/** The group invoice form as the user fills it. */
export interface ScopeDraft {
  cycleId: string
  periodIds: string[]
  feeHeadIds: string[]
  kind: ScopeKind
  campusId: string
  classIds: string[]
  sectionIds: string[]
  groupIds: string[]
  students: { id: string; label: string }[]
}

export const emptyDraft = (cycleId = ''): ScopeDraft => ({
  cycleId,
  periodIds: [],
  feeHeadIds: [],
  kind: 'classes',
  campusId: '',
  classIds: [],
  sectionIds: [],
  groupIds: [],
  students: [],
})

/** The request's scope: only what the chosen kind narrows by (empty lists mean "all"). */
export function scopeOf(academicSessionId: string, d: ScopeDraft): GroupInvoiceScopeInput {
  const byClass = d.kind === 'classes'
  return {
    academicSessionId,
    periodIds: d.periodIds,
    feeHeadIds: d.feeHeadIds,
    campusId: byClass && d.campusId ? d.campusId : null,
    classIds: byClass ? d.classIds : [],
    sectionIds: byClass ? d.sectionIds : [],
    groupIds: byClass ? d.groupIds : [],
    studentIds: byClass ? [] : d.students.map((s) => s.id),
  }
}

/** A list with `id` added or taken out. */
export const toggled = (ids: string[], id: string, on: boolean) =>
  on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)

/** The names a run's scope chose, for its line in the list of runs. */
export function scopeNames(
  scope: GroupInvoiceScopeInput,
  structure: FeeStructure,
  heads: FeeHead[],
  cycles: PaymentCycle[] | undefined,
) {
  const named = <T extends { id: string; name: string }>(list: T[], ids: string[] = []) =>
    ids.map((id) => list.find((x) => x.id === id)?.name).filter((n): n is string => Boolean(n))
  const periods = (cycles ?? []).flatMap((c) => c.periods)
  return {
    session: structure.sessions.find((s) => s.id === scope.academicSessionId)?.name ?? '',
    periods: named(periods, scope.periodIds),
    periodCount: scope.periodIds.length,
    classes: named(structure.classes, scope.classIds),
    studentCount: scope.studentIds?.length ?? 0,
    heads: named(heads, scope.feeHeadIds),
  }
}
