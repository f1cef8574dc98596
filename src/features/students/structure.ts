import type { Group, Section } from '../../shared/schemas/academic.ts'

/**
 * The groups offered to a class (a group with no classes is offered to every class; no class:
 * every group). A form offers only active ones (`activeOnly`); a filter finds students in any.
 */
export const groupsOfClass = (
  groups: Group[],
  classId: string | undefined,
  activeOnly = false,
): Group[] =>
  groups.filter(
    (g) =>
      (!activeOnly || g.active) &&
      (!classId || g.classIds.length === 0 || g.classIds.includes(classId)),
  )

/** The sections of a class in a session, in their order (active ones only with `activeOnly`). */
export const sectionsOf = (
  sections: Section[],
  sessionId: string,
  classId: string,
  activeOnly = false,
): Section[] =>
  sections.filter(
    (s) => (!activeOnly || s.active) && s.academicSessionId === sessionId && s.classId === classId,
  )

/** "Six · A · 12": where a student sits, as the list and the profile show it. */
export function placeText(place: {
  className: string
  sectionName: string | null
  roll: number
}): string {
  return [place.className, place.sectionName, String(place.roll)].filter(Boolean).join(' · ')
}
