import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { SessionListSchema, SignupStatusSchema } from '../../shared/schemas/auth.ts'

/** The auth area's reads: one's sign-ins, and whether new institutes may register. */
export const authKey = ['auth'] as const

export const sessionsQuery = () =>
  queryOptions({
    queryKey: [...authKey, 'sessions'],
    ...storedRead('auth/sessions', SessionListSchema, '/profile-password-change'),
  })

export const signupStatusQuery = () =>
  queryOptions({
    queryKey: [...authKey, 'signup'],
    queryFn: () => getJson('auth/register', SignupStatusSchema),
    staleTime: 60 * 60 * 1000,
  })
