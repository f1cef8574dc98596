import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { refreshAbility } from '../../lib/ability.ts'
import { api, deleteResource, postJson, putJson } from '../../lib/api.ts'
import { currentUserQuery } from '../../lib/current-user.ts'
import { useChange, type Feedback } from '../../lib/mutation-feedback.ts'
import { session } from '../../lib/session.ts'
import {
  CampusSchema,
  InstituteSettingsSchema,
  type Campus,
  type CampusInput,
  type InstituteSettings,
  type InstituteSettingsInput,
} from '../../shared/schemas/institutes.ts'
import { institutesKey, settingsQuery } from './queries.ts'

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
