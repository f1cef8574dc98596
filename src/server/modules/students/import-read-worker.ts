import { parentPort } from 'node:worker_threads'
import { readUpload } from './import-read.ts'
import { SheetRefused } from './import-sheet.ts'

/**
 * The import reader's worker thread (see import-file.ts): reads each upload it is sent and
 * answers with the sheet, the refusal's code and values, or a failure's description.
 */
parentPort!.on('message', (bytes: Uint8Array) => {
  try {
    parentPort!.postMessage({ sheet: readUpload(bytes) })
  } catch (err) {
    parentPort!.postMessage(
      err instanceof SheetRefused
        ? { refused: { code: err.code, values: err.values } }
        : { failed: err instanceof Error ? (err.stack ?? err.message) : String(err) },
    )
  }
})
