import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema/system.ts'
import type { Logger } from './logger.ts'

export type Channel = 'email' | 'sms'

export interface OutgoingMessage {
  instituteId?: string | null
  channel: Channel
  recipient: string
  subject: string
  body: string
}

export interface Transport {
  send(message: OutgoingMessage): Promise<void>
}

/** Development and tests: one line on stdout per message, in the form the issue asks for. */
export function consoleTransport(write = (line: string) => console.log(line)): Transport {
  return {
    async send(m) {
      write(`[outbox] ${m.channel} to ${m.recipient}: ${m.body.replace(/\s+/g, ' ')}`)
    },
  }
}

function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url)
  return {
    async send(m) {
      await mailer.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body })
    },
  }
}

/** A provider reached by a JSON POST `{ to, text }` with a bearer token. */
function httpSmsTransport(url: string, token: string | undefined): Transport {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: m.recipient, text: m.body }),
        signal: AbortSignal.timeout(15_000),
      })
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`)
    },
  }
}

export function transportsFor(config: Config): Record<Channel, Transport> {
  const fallback = consoleTransport()
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fallback,
    sms: config.smsHttpUrl ? httpSmsTransport(config.smsHttpUrl, config.smsHttpToken) : fallback,
  }
}

/** Queues a message in the caller's transaction; it is sent once that has committed. */
export async function enqueueMessage(db: Db, message: OutgoingMessage): Promise<void> {
  await db.insert(outbox).values({ ...message, instituteId: message.instituteId ?? null })
}

const maxAttempts = 5
/** How long a process has to send the messages it claimed before another may try them. */
const claimSeconds = 5 * 60

/**
 * Sends queued messages in the background. A request only queues and kicks; a failing provider
 * never fails the request, and the message is retried with a growing delay.
 */
export class OutboxDispatcher {
  private running: Promise<void> | undefined
  private again = false

  constructor(
    private readonly db: Db,
    private readonly transports: Record<Channel, Transport>,
    private readonly log: Logger,
  ) {}

  kick(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain().finally(() => {
      this.running = undefined
      if (this.again) {
        this.again = false
        this.kick()
      }
    })
  }

  /** Resolves when everything queued so far has been tried. */
  async flush(): Promise<void> {
    while (this.running) await this.running
  }

  private async drain(): Promise<void> {
    try {
      // Claimed for a while (skipping rows another process is claiming): every API process
      // drains the same table, and none sends a message another one is sending.
      const due = this.db
        .select({ id: outbox.id })
        .from(outbox)
        // The database's clock, as the rows' own times: a message queued this very millisecond
        // is due (a JavaScript date is truncated to milliseconds, PostgreSQL's is not).
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.createdAt))
        .limit(50)
        .for('update', { skipLocked: true })
      const claimed = await this.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now() + ${claimSeconds} * interval '1 second'` })
        .where(inArray(outbox.id, due))
        .returning()
      claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      for (const row of claimed) await this.deliver(row)
    } catch (err) {
      this.log.error('outbox drain failed', { err: String(err) })
    }
  }

  private async deliver(row: typeof outbox.$inferSelect): Promise<void> {
    try {
      await this.transports[row.channel].send(row)
      await this.db
        .update(outbox)
        // The text may hold a one-time code: it is not kept once delivered.
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, body: '' })
        .where(eq(outbox.id, row.id))
    } catch (err) {
      const attempts = row.attempts + 1
      this.log.warn('outbox delivery failed', { id: row.id, channel: row.channel, attempts })
      await this.db
        .update(outbox)
        .set({
          attempts,
          lastError: String(err).slice(0, 500),
          status: attempts >= maxAttempts ? 'failed' : 'pending',
          nextAttemptAt: sql`now() + ${2 ** attempts} * interval '1 second'`,
        })
        .where(eq(outbox.id, row.id))
    }
  }
}
