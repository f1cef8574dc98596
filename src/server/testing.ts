import { createApp } from './app.ts'
import { loadConfig, type Config } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createLogger } from './lib/logger.ts'

/** A fresh in-memory database, migrated, and an app on it: one per test file. */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }, '0.0.0-test'),
    staticDir: undefined,
    ...overrides,
  }
  const database = await openDatabase(config)
  await database.migrate()
  const lines: string[] = []
  const log = createLogger('info', (line) => lines.push(line))
  const app = createApp({ db: database, config, log })
  return { app, database, config, logLines: lines }
}

export const jsonRequest = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body,
})
