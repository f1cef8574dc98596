import { shifts } from '../../db/schema/academic.ts'
import { nameListRoutes } from './name-list.ts'

/** The institute's shifts (Morning, Day); nothing refers to them yet. */
export const shiftRoutes = nameListRoutes(shifts, 'shift', async () => [])
