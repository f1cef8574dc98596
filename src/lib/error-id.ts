/**
 * A refusal code's message id in the Lingui catalogs: the descriptors of src/shared/errors are
 * extracted under these ids, so the browser renders a code from its loaded strings alone.
 */
export const errorId = (code: string) => `error.${code}`
