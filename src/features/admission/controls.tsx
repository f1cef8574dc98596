import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { DraftAttachment } from '../../lib/offline-db.ts'
import { storedFileSource } from './draft-store.ts'

/** A picture from a Blob, through an object URL that is revoked when the picture goes. */
export function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(blob)
    if (ref.current) ref.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [blob])
  return <img ref={ref} alt={alt} className="attachment-thumb" decoding="async" />
}

/** A file kept with a draft, as the offline database holds it now (undefined while reading). */
export function useStoredFile(id: string): DraftAttachment | undefined {
  const source = useMemo(() => storedFileSource(id), [id])
  return useSyncExternalStore(source.subscribe, source.get, source.get)
}
