/**
 * What the admission routes load before they render. Offline, a page falls back to what this
 * device kept: the persisted query cache, then the form saved with a draft, or the application
 * as the server answered this device's submission.
 */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '../../lib/not-found.ts'
import { HTTPError } from 'ky'
import { httpStatus } from '../../lib/http-error.ts'
import { cacheRestored } from '../../lib/query-client.ts'
import { applicationQuery, instituteFormsQuery, publicFormQuery } from './queries.ts'

/** No answer at all (offline, timed out), as opposed to an answer that is an error. */
const unanswered = (err: unknown) => !(err instanceof HTTPError)

function notFoundOr(err: unknown): never {
  if (httpStatus(err) === 404) throw notFound()
  throw err
}

/*
 * A visitor's page renders before the saved query cache is back (src/main.tsx): a read the
 * network does not answer waits for it and takes what it kept.
 */
async function orSaved<T>(queryClient: QueryClient, queryKey: QueryKey, read: Promise<T>) {
  try {
    return await read
  } catch (err) {
    // On the server there is no saved cache: the page answers with the error.
    if (!unanswered(err) || typeof window === 'undefined') throw err
    await cacheRestored
    const saved = queryClient.getQueryData<T>(queryKey)
    if (saved === undefined) throw err
    return saved
  }
}

/** A read through the query cache, else (offline) what the saved cache kept. */
const ensureOrSaved = <T, K extends QueryKey>(
  queryClient: QueryClient,
  query: EnsureQueryDataOptions<T, Error, T, K>,
) => orSaved(queryClient, query.queryKey, queryClient.ensureQueryData(query))

export async function loadInstitute(queryClient: QueryClient, institute: string) {
  await ensureOrSaved(queryClient, instituteFormsQuery(institute)).catch(notFoundOr)
}

/*
 * What this device kept (the form saved with a draft, the application as the server answered
 * it) is the offline fallback, read only in the browser: the database code comes with it.
 */
const keptOnDevice = () => (typeof window === 'undefined' ? undefined : import('./saved-drafts.ts'))

/*
 * The form only: the draft kept on this device is opened by the page once it is up, so the
 * first render (the server's, then the browser's) is the form as published.
 */
export async function loadForm(queryClient: QueryClient, institute: string, formId: string) {
  const query = publicFormQuery(institute, formId)
  try {
    await ensureOrSaved(queryClient, query)
  } catch (err) {
    const saved = unanswered(err)
      ? await keptOnDevice()?.then((m) => m.savedForm(institute, formId))
      : undefined
    if (!saved) notFoundOr(err)
    queryClient.setQueryData(query.queryKey, saved, { updatedAt: 0 })
  }
}

/** The application page (and its attachment page): the application, whoever sent it. */
export async function loadApplication(
  queryClient: QueryClient,
  institute: string,
  temporaryId: string,
) {
  const query = applicationQuery(institute, temporaryId)
  try {
    await ensureOrSaved(queryClient, query)
  } catch (err) {
    const saved = unanswered(err)
      ? await keptOnDevice()?.then((m) => m.savedApplication(institute, temporaryId))
      : undefined
    if (!saved) notFoundOr(err)
    queryClient.setQueryData(query.queryKey, saved, { updatedAt: 0 })
  }
  // A fee due: whether it can be paid online, so the page comes with its "Pay online". (The
  // payment's code is the application page's own: the form and institute pages go without it.)
  if (queryClient.getQueryData(query.queryKey)?.status === 'fee_due') {
    const { onlineQuoteQuery } = await import('./online-payment.ts')
    await queryClient.prefetchQuery(onlineQuoteQuery(institute, temporaryId))
  }
}
