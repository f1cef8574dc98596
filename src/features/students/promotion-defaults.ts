import type { AcademicSession, SchoolClass } from '../../shared/schemas/academic.ts'

/** Where a class goes in the mapping: a class's id, graduating, or staying out of this run. */
export type ClassTarget = string | 'graduate' | 'skip'

const byStart = (sessions: AcademicSession[]) =>
  [...sessions].sort((a, b) => a.startsOn.localeCompare(b.startsOn))

/** The session after `fromId` by start date, if there is one. */
export function nextSessionId(sessions: AcademicSession[], fromId: string): string | undefined {
  const from = sessions.find((s) => s.id === fromId)
  if (!from) return undefined
  return byStart(sessions).find((s) => s.startsOn > from.startsOn)?.id
}

/** From the current session (else the last that has a next one) to the one after it. */
export function defaultSessions(sessions: AcademicSession[]): { fromId: string; toId: string } {
  const ordered = byStart(sessions)
  const from = ordered.find((s) => s.isCurrent) ?? ordered.at(-2) ?? ordered[0]
  const fromId = from?.id ?? ''
  return { fromId, toId: nextSessionId(sessions, fromId) ?? '' }
}

/** Each active class to the next one in order; the last one graduates. */
export function defaultMapping(classes: SchoolClass[]): Record<string, ClassTarget> {
  const active = classes.filter((c) => c.active).sort((a, b) => a.position - b.position)
  return Object.fromEntries(active.map((c, i) => [c.id, active[i + 1]?.id ?? 'graduate']))
}
