import { queryOptions } from '@tanstack/react-query'
import { getPublicJson } from '../../lib/public-api.ts'
import { SignupStatusSchema } from '../../shared/schemas/auth.ts'

/*
 * The auth area's reads anyone may make (the sign-in page shows them), through a plain fetch:
 * no API client on that page. The signed-in user's own are in session-queries.ts.
 */
export const authKey = ['auth'] as const

/** Whether new institutes may register. */
export const signupStatusQuery = () =>
  queryOptions({
    queryKey: [...authKey, 'signup'],
    queryFn: () => getPublicJson('auth/register', SignupStatusSchema),
    staleTime: 60 * 60 * 1000,
  })
