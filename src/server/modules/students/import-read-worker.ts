import { createHash } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import { readUpload } from './import-read.ts'
import { SheetRefused } from './import-sheet.ts'

/** An upload's request as the request's thread hands it over, untouched. */
export interface UploadRequest {
  contentType: string
  body: Uint8Array<ArrayBuffer>
}

/**
 * The import reader's worker thread (see import-file.ts): for each upload it is sent, it parses
 * the multipart body, hashes and reads the file, and answers with the sheet; or the refusal's
 * code and values, `malformed` for a body that does not parse, or a failure's description.
 */
async function answer({ contentType, body }: UploadRequest) {
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch {
    return { malformed: true }
  }
  const file = form.get('file')
  if (!(file instanceof File)) throw new SheetRefused('import_file_missing')
  const bytes = new Uint8Array(await file.arrayBuffer())
  return {
    upload: {
      name: file.name.slice(0, 200),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sheet: readUpload(bytes),
    },
  }
}

parentPort!.on('message', (request: UploadRequest) => {
  answer(request).then(
    (answered) => parentPort!.postMessage(answered),
    (err: unknown) =>
      parentPort!.postMessage(
        err instanceof SheetRefused
          ? { refused: { code: err.code, values: err.values } }
          : { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) },
      ),
  )
})
