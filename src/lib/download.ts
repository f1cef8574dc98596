import { api } from './api.ts'
import { fileNameFrom } from './file-name.ts'

/**
 * A file the API serves only to a signed-in user, as a Blob of the type it is known to be:
 * fetched with the session's token, which a plain link or frame could not carry.
 */
export async function fetchFile(path: string, type: string): Promise<Blob> {
  const response = await api.get(path)
  return new Blob([await response.arrayBuffer()], { type })
}

/** Downloads such a file: saved through a temporary link to a Blob URL. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await api.get(path)
  const blob = await response.blob()
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the Blob after click() returns: let go of it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
