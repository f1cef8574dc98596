import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { refreshAbility } from '../../lib/ability.ts'
import { api, deleteResource, patchJson, postJson, putJson } from '../../lib/api.ts'
import { currentUserQuery } from '../../lib/current-user.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { session } from '../../lib/session.ts'
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
} from '../../shared/schemas/academic.ts'
import {
  CampusSchema,
  InstituteSettingsSchema,
  type Campus,
  type CampusInput,
  type InstituteSettings,
  type InstituteSettingsInput,
} from '../../shared/schemas/institutes.ts'
import { institutesKey, structurePaths } from '../../lib/academic-structure.ts'
import {
  CreatedInstituteSchema,
  PlatformInstituteSchema,
  type CreateInstitute,
  type CreatedInstitute,
  type PlatformInstitute,
} from '../../shared/schemas/platform.ts'
import { platformBase, platformKey, settingsQuery } from './queries.ts'

/*
 * The institutes area's changes. A change to the settings also reads the signed-in user again:
 * the shell's name and logo, money's currency and digits and the clock come from there.
 */

const refreshArea = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: institutesKey })

async function refreshSettings(queryClient: QueryClient, saved: InstituteSettings) {
  queryClient.setQueryData(settingsQuery().queryKey, saved)
  const { userData } = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 })
  if (session.isLoggedIn() && session.userData()?.id === userData.id) {
    session.saveUser(userData)
    refreshAbility()
  }
}

export function useSaveSettings(
  feedback: Feedback<InstituteSettings, InstituteSettingsInput> = {},
) {
  return useChange(
    (body: InstituteSettingsInput) => putJson('institutes/settings', body, InstituteSettingsSchema),
    { refresh: refreshSettings, feedback },
  )
}

/** Sends a new logo (the server checks it by its content and keeps it re-encoded). */
export function useUploadLogo(feedback: Feedback<InstituteSettings, File> = {}) {
  return useChange(
    async (file: File) => {
      const body = new FormData()
      body.set('file', file)
      return v.parse(
        InstituteSettingsSchema,
        await api.put('institutes/settings/logo', { body }).json(),
      )
    },
    { refresh: refreshSettings, feedback },
  )
}

export function useRemoveLogo(feedback: Feedback<InstituteSettings, void> = {}) {
  return useChange(
    async () =>
      v.parse(InstituteSettingsSchema, await api.delete('institutes/settings/logo').json()),
    { refresh: refreshSettings, feedback },
  )
}

/** Creates a campus, or saves one (`campus` given), deactivation included. */
export function useSaveCampus(campus: Campus | undefined, feedback: Feedback<Campus, CampusInput>) {
  return useChange(
    (body: CampusInput) =>
      campus
        ? putJson(`institutes/campuses/${campus.id}`, body, CampusSchema)
        : postJson('institutes/campuses', body, CampusSchema),
    { refresh: refreshArea, feedback },
  )
}

/** (De)activates a campus from the list, keeping the rest of it as it is. */
export function useSetCampusActive(
  feedback: Feedback<Campus, { campus: Campus; active: boolean }>,
) {
  return useChange(
    ({ campus, active }: { campus: Campus; active: boolean }) =>
      putJson(
        `institutes/campuses/${campus.id}`,
        {
          name: campus.name,
          code: campus.code,
          address: campus.address,
          position: campus.position,
          active,
        },
        CampusSchema,
      ),
    { refresh: refreshArea, feedback },
  )
}

export function useDeleteCampus(feedback: Feedback<void, Campus>) {
  return useChange((campus: Campus) => deleteResource(`institutes/campuses/${campus.id}`), {
    refresh: refreshArea,
    feedback,
  })
}

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
    { refresh: refreshArea, feedback },
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
    { refresh: refreshArea, feedback },
  )
}

/** Deletes an item nothing uses; the server says what uses it otherwise. */
export function useDeleteStructureItem(list: StructureList, feedback: Feedback<void, string> = {}) {
  return useChange((id: string) => deleteResource(itemPath(list, id)), {
    refresh: refreshArea,
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
    { refresh: refreshArea, feedback },
  )
}

/** Makes a session the current one; the one that was current no longer is. */
export function useMarkCurrentSession(feedback: Feedback<AcademicSession, string> = {}) {
  return useChange(
    (id: string) => patchJson(itemPath('session', id), { isCurrent: true }, AcademicSessionSchema),
    { refresh: refreshArea, feedback },
  )
}

/* The platform admin's changes: institutes created, suspended and reactivated. */

const refreshPlatform = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: platformKey })

/**
 * Creates an institute and its first admin. `idempotencyKey` is the one key of the form being
 * filled in: a double click or a retry after a lost answer creates one institute.
 */
export function useCreateInstitute(
  idempotencyKey: string,
  feedback: Feedback<CreatedInstitute, CreateInstitute> = {},
) {
  return useChange(
    (body: CreateInstitute) =>
      postJson(platformBase, body, CreatedInstituteSchema, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    { refresh: refreshPlatform, screenReacts: 'during-refresh', feedback },
  )
}

export type InstituteStatusChange = {
  institute: PlatformInstitute
  change: 'suspend' | 'reactivate'
  reason: string
}

/** Suspends an institute (its users are refused, its admissions close) or reactivates it. */
export function useSetInstituteStatus(
  feedback: Feedback<PlatformInstitute, InstituteStatusChange> = {},
) {
  return useChange(
    ({ institute, change, reason }: InstituteStatusChange) =>
      postJson(
        `${platformBase}/${encodeURIComponent(institute.id)}/${change}`,
        { reason },
        PlatformInstituteSchema,
      ),
    { refresh: refreshPlatform, screenReacts: 'during-refresh', feedback },
  )
}
