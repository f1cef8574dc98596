import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { institutes } from '../db/schema/institutes.ts'

/** One YYYY-MM-DD formatter per time zone: every posting asks for today. */
const calendars = new Map<string, Intl.DateTimeFormat>()

/** Today's date in a time zone (YYYY-MM-DD): an institute's days follow its own calendar. */
export function todayIn(timeZone: string, now = new Date()): string {
  let calendar = calendars.get(timeZone)
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone })
    calendars.set(timeZone, calendar)
  }
  return calendar.format(now)
}

/** The institute's time zone (UTC for one not found). */
async function instituteTimezone(db: Db, instituteId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: institutes.timezone })
    .from(institutes)
    .where(eq(institutes.id, instituteId))
  return row?.timezone ?? 'UTC'
}

/** Today in the institute's calendar (its time zone), as YYYY-MM-DD. */
export async function instituteToday(db: Db, instituteId: string) {
  return todayIn(await instituteTimezone(db, instituteId))
}

/** The moment `ms` before now on the database's clock, for comparing its timestamps. */
export const msAgo = (ms: number) => sql`now() - ${`${ms} milliseconds`}::interval`
