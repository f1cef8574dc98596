import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import type { Logger } from './lib/logger.ts'

/** What every handler finds in `c.var`. */
export interface AppEnv {
  Variables: {
    config: Config
    database: Database
    log: Logger
  }
}
