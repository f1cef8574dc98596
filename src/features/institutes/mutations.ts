import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { deleteResource, patchJson, postJson, putJson } from '../../lib/api.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import {
  AcademicSessionSchema,
  ClassSchema,
  GroupSchema,
  SectionSchema,
  ShiftSchema,
  type AcademicSession,
  type AcademicSessionInput,
  type AcademicSessionPatch,
  type ClassInput,
  type ClassPatch,
  type Group,
  type GroupInput,
  type GroupPatch,
  type SchoolClass,
  type Section,
  type SectionInput,
  type SectionPatch,
  type Shift,
  type StructureList,
} from '../../shared/schemas/institutes.ts'
import { institutesKey, structurePaths } from './queries.ts'

/*
 * Changes to the academic structure. Each hook builds its request; on success every list is
 * read again (a rename shows in the sections' filters too), then the screen's `onSuccess` runs.
 */

export interface StructureItems {
  session: AcademicSession
  class: SchoolClass
  group: Group
  section: Section
  shift: Shift
}
export interface StructureInputs {
  session: AcademicSessionInput
  class: ClassInput
  group: GroupInput
  section: SectionInput
  shift: ClassInput
}
export interface StructurePatches {
  session: AcademicSessionPatch
  class: ClassPatch
  group: GroupPatch
  section: SectionPatch
  shift: ClassPatch
}

const itemSchemas = {
  session: AcademicSessionSchema,
  class: ClassSchema,
  group: GroupSchema,
  section: SectionSchema,
  shift: ShiftSchema,
} satisfies Record<StructureList, v.GenericSchema>

const refreshAll = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: institutesKey })

const itemPath = (list: StructureList, id: string) =>
  `${structurePaths[list]}/${encodeURIComponent(id)}`

/** Adds an item at the end of its list. */
export function useCreateStructureItem<L extends StructureList>(
  list: L,
  feedback: Feedback<StructureItems[L], StructureInputs[L]> = {},
) {
  return useChange(
    (body: StructureInputs[L]) =>
      postJson(structurePaths[list], body, itemSchemas[list]) as Promise<StructureItems[L]>,
    { refresh: refreshAll, feedback },
  )
}

/** Changes some fields of an item (its name, dates, capacity, whether it is active …). */
export function useUpdateStructureItem<L extends StructureList>(
  list: L,
  id: string,
  feedback: Feedback<StructureItems[L], StructurePatches[L]> = {},
) {
  return useChange(
    (body: StructurePatches[L]) =>
      patchJson(itemPath(list, id), body, itemSchemas[list]) as Promise<StructureItems[L]>,
    { refresh: refreshAll, feedback },
  )
}

/** Deletes an item nothing uses; the server says what uses it otherwise. */
export function useDeleteStructureItem(list: StructureList, feedback: Feedback<void, string> = {}) {
  return useChange((id: string) => deleteResource(itemPath(list, id)), {
    refresh: refreshAll,
    feedback,
  })
}

/** Puts a list (or one class's sections of a session) in the given order. */
export function useReorderStructure(
  list: StructureList,
  feedback: Feedback<unknown, string[]> = {},
) {
  return useChange(
    (ids: string[]) =>
      putJson(`${structurePaths[list]}/order`, { ids }, v.array(itemSchemas[list])),
    { refresh: refreshAll, feedback },
  )
}

/** Makes a session the current one; the one that was current no longer is. */
export function useMarkCurrentSession(feedback: Feedback<AcademicSession, string> = {}) {
  return useChange(
    (id: string) => patchJson(itemPath('session', id), { isCurrent: true }, AcademicSessionSchema),
    { refresh: refreshAll, feedback },
  )
}
