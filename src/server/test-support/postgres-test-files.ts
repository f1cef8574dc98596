import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The test files Vitest's `postgres` project runs: those that ask for a database on the run's
 * PostgreSQL server — every `*.pg.test.ts`, and each file that reaches the test app
 * (`test-app.ts`, whose `testDatabaseUrl` hands out those databases) through its imports, or
 * reads the server's address (`TEST_POSTGRES_URL`) itself. The others test pure logic or open a
 * PGlite of their own: run there, they would only repeat on PGlite what the `pglite` project did.
 */
export function postgresTestFiles(root: string, folders: string[]): string[] {
  const testApp = resolve(root, 'src/server/test-support/test-app.ts')
  const reaches = new Map<string, boolean>()

  /** Whether `file` is the test app or imports it, directly or through other local files. */
  const reachesTestApp = (file: string): boolean => {
    const known = reaches.get(file)
    if (known !== undefined) return known
    // Provisionally no: an import cycle ends here instead of going round.
    reaches.set(file, false)
    let source: string
    try {
      source = readFileSync(file, 'utf8')
    } catch {
      return false
    }
    const found =
      file === testApp ||
      source.includes('TEST_POSTGRES_URL') ||
      localImports(source).some((path) => reachesTestApp(resolve(dirname(file), path)))
    reaches.set(file, found)
    return found
  }

  return folders
    .flatMap((folder) =>
      readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' }).map((path) =>
        join(folder, path),
      ),
    )
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.endsWith('.pglite.test.ts'))
    .filter((path) => path.endsWith('.pg.test.ts') || reachesTestApp(resolve(root, path)))
    .map((path) => relative(root, resolve(root, path)).replaceAll('\\', '/'))
    .sort()
}

/** The relative TypeScript modules a source imports, statically or dynamically. */
function localImports(source: string): string[] {
  const paths: string[] = []
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.tsx?)'/g)) {
    paths.push(match[1]!)
  }
  return paths
}
