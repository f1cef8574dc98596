/**
 * What the admission routes load before they render. Offline, a page falls back to what this
 * device kept: the persisted query cache, then the form saved with a draft, or the application
 * as the server answered this device's submission.
 */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { HTTPError } from 'ky'
import { httpStatus } from '../../lib/http-error.ts'
import { cacheRestored } from '../../lib/query-client.ts'
import type { KeptRefusal } from './draft-store.ts'
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
    if (!unanswered(err)) throw err
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
 * The draft store (and the browser database library with it) comes in while the network
 * answers, instead of holding the request back until it has arrived.
 */
const draftStore = () => import('./draft-store.ts')

export async function loadForm(queryClient: QueryClient, institute: string, formId: string) {
  const store = draftStore()
  // Awaited below; a failed download is not left unhandled when an error answer comes first.
  store.catch(() => undefined)
  const query = publicFormQuery(institute, formId)
  let form
  try {
    form = await ensureOrSaved(queryClient, query)
  } catch (err) {
    const saved = unanswered(err) ? await (await store).savedForm(institute, formId) : undefined
    if (!saved) notFoundOr(err)
    form = saved
    queryClient.setQueryData(query.queryKey, saved, { updatedAt: 0 })
  }
  await (await store).openDraft(institute, formId, form)
}

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
      ? await (await draftStore()).savedApplication(institute, temporaryId)
      : undefined
    if (!saved) notFoundOr(err)
    queryClient.setQueryData(query.queryKey, saved, { updatedAt: 0 })
  }
}

/** The files of this device's submission that the server refused (none without a database). */
const refusals = (temporaryId: string): Promise<KeptRefusal[]> =>
  draftStore()
    .then((m) => m.keptRefusals(temporaryId))
    .catch(() => [])

/** The application page: the application, and which of this device's files were refused. */
export async function loadApplicationPage(
  queryClient: QueryClient,
  institute: string,
  temporaryId: string,
) {
  const [, refused] = await Promise.all([
    loadApplication(queryClient, institute, temporaryId),
    refusals(temporaryId),
  ])
  return { refused }
}

/**
 * The attachment page: the application, the phone this device submitted it with, and the
 * files the server refused (kept on this device, to send again).
 */
export async function loadAttachmentPage(
  queryClient: QueryClient,
  institute: string,
  temporaryId: string,
) {
  const [, phone, refused] = await Promise.all([
    loadApplication(queryClient, institute, temporaryId),
    draftStore().then((m) => m.savedPhone(temporaryId)),
    refusals(temporaryId),
  ])
  return { phone: phone ?? '', refused }
}
