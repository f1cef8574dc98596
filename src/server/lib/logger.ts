export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type Logger = Record<Exclude<LogLevel, 'silent'>, (msg: string, fields?: object) => void>

// JSON Web Tokens (header starts with '{"', base64url 'eyJ') can sit in URLs such as
// /impersonation-setup/{accessToken}; they never reach the log.
const jwtPattern = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g

function redactSecrets(text: string): string {
  return text.replace(jwtPattern, '[redacted]')
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

/** One JSON object per line on stdout: easy to read and easy to ship to a log store. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: object = {}) => {
      if (order[lvl] < order[level]) return
      const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })
      write(redactSecrets(line))
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** An error for the log: its stack, without a failed query's parameters (they may hold hashes). */
export function errorDetail(err: unknown): string {
  const text = err instanceof Error ? (err.stack ?? String(err)) : String(err)
  return text.replace(/params: .*$/gm, 'params: [redacted]')
}
