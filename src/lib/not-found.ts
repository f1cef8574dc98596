/**
 * "Nothing at this address", thrown by a page's loader. The shape is TanStack Router's own
 * (`isNotFound`), so the staff app's routes show their not-found component for it; the public
 * pages, which run no router, read it with `isNotFound` here.
 */
export const notFound = () => ({ isNotFound: true as const })

export const isNotFound = (thrown: unknown) =>
  (thrown as { isNotFound?: unknown } | null)?.isNotFound === true
