import type { AppAbility } from '../shared/permissions/ability.ts'
import type { UserData } from '../shared/schemas/auth-session.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { JobRunner } from './lib/jobs/runner.ts'
import type { Logger } from './lib/logger.ts'
import type { OutboxDispatcher } from './lib/outbox.ts'
import type { FileStorage } from './lib/storage.ts'
import type { SecretBox } from './lib/secret-box.ts'
import type { Counters } from './lib/counters.ts'
import type { FailureThrottle } from './lib/throttle.ts'
import type { UserRow } from './lib/user-data.ts'
import type { SignInThrottle } from './modules/auth/sign-in-throttle.ts'
import type { TokenService } from './modules/auth/token-service.ts'

/** Long-lived helpers, one set per app. */
export interface Services {
  tokens: TokenService
  outbox: OutboxDispatcher
  /** Set once the process has begun to stop: /api/ready answers 503 from then on. */
  lifecycle: { stopping: boolean }
  /** Windowed counts in the database, behind the throttles and rate limits. */
  counters: Counters
  throttle: FailureThrottle
  /** Failed sign-ins, judged before a password is checked. */
  signIns: SignInThrottle
  /** Uploaded files (admission attachments), outside the web root. */
  files: FileStorage
  /** Background jobs: areas register their kinds, the server process runs them. */
  jobs: JobRunner
  /** The app's log, for work outside a request (jobs). */
  log: Logger
  /** Seals and opens merchants' gateway secrets (loaded on first use). */
  secrets(): Promise<SecretBox>
  /**
   * How the built-in sandbox gateway sends its server-to-server notifications: an HTTP POST of
   * the form to the URL; tests deliver them to the app directly.
   */
  sandboxDelivery: (url: string, form: URLSearchParams) => Promise<void>
}

/** Who is calling, once `requireAuth` has let the request through. */
export interface AuthContext {
  user: UserRow
  userData: UserData
  ability: AppAbility
  familyId: string
  instituteId: string
  /**
   * The campuses of `instituteId` whose figures the caller may read in reports, or null for
   * every campus (README "Campus scope"): narrowed through `lib/campus-scope.ts`.
   */
  campusIds: string[] | null
  impersonatorId: string | undefined
  /** The refresh-token row issued with the caller's access token. */
  refreshRowId: string | undefined
}

/** What every handler finds in `c.var`. */
export interface AppEnv {
  Variables: {
    config: Config
    database: Database
    log: Logger
    services: Services
    auth: AuthContext
  }
}
