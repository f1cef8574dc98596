import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../../lib/api.ts'
import { storedRead } from '../../lib/read-store.ts'
import { SessionListSchema, SignupStatusSchema } from '../../shared/schemas/auth.ts'

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'sessions'],
    ...storedRead('auth/sessions', SessionListSchema, '/profile-password-change'),
  })

export const signupStatusQuery = () =>
  queryOptions({
    queryKey: ['auth', 'signup'],
    queryFn: () => getJson('auth/register', SignupStatusSchema),
    staleTime: 60 * 60 * 1000,
  })
