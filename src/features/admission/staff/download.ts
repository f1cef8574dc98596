import { api } from '../../../lib/api.ts'
import { fileNameFrom } from './file-name.ts'

/**
 * Downloads a file the API serves only to a signed-in user: fetched with the session's token
 * (a plain link could not carry it), then saved through a temporary link to a Blob URL.
 */
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
