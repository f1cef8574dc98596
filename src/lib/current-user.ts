import { queryOptions } from '@tanstack/react-query'
import { UserResponseSchema } from '../shared/schemas/auth-session.ts'
import { getJson } from './api.ts'

/** GET auth/user: the signed-in user as the server sees them now, ability included. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: () => getJson('auth/user', UserResponseSchema),
  })
