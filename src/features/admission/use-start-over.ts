import { useState } from 'react'
import { startOver } from './draft-store.ts'
import type { DraftSession } from './draft-state.ts'

/** "Start over" (a new, empty draft), busy while the old one is being put away. */
export function useStartOver(session: DraftSession) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await startOver(session)
    } finally {
      setBusy(false)
    }
  }
  return { busy, startOver: run }
}
