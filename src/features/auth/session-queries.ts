import { queryOptions } from '@tanstack/react-query'
import { storedRead } from '../../lib/read-store.ts'
import { SessionListSchema } from '../../shared/schemas/auth.ts'
import { authKey } from './queries.ts'

/*
 * The signed-in user's reads of the auth area, apart from queries.ts: they go through the API
 * client, which the public pages that read queries.ts never load.
 */

/** The user's sign-ins on every device. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: [...authKey, 'sessions'],
    ...storedRead('auth/sessions', SessionListSchema, '/profile-password-change'),
  })
