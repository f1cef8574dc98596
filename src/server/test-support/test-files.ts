import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * How Vitest's projects split the test files. Files run on PGlite and (those that ask for a
 * database) on a PostgreSQL server; each database's files share their workers' module graph
 * (`isolate: false`: the app is imported once per worker, not once per file, which halves the
 * run), except the files that replace a module with `vi.mock`: those need a graph of their own.
 */

/** The test files under `folders`, relative to `root`. */
export function testFiles(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' }).map((path) =>
        join(folder, path),
      ),
    )
    .filter((path) => /\.test\.tsx?$/.test(path))
    .map((path) => relative(root, resolve(root, path)).replaceAll('\\', '/'))
    .sort()
}

/** Whether a test file replaces a module (`vi.mock`), which a shared module graph would ignore. */
export const mocksModules = (root: string, file: string) =>
  readFileSync(resolve(root, file), 'utf8').includes('vi.mock(')

/**
 * Whether Vitest's `postgres` project runs a test file: every `*.pg.test.ts`, and each file
 * that reaches the test app (`test-app.ts`, whose `testDatabaseUrl` hands out databases on the
 * run's PostgreSQL server) through its imports, or reads the server's address
 * (`TEST_POSTGRES_URL`) itself. The others test pure logic or open a PGlite of their own: run
 * there, they would only repeat on PGlite what the `pglite` project did.
 */
export function runsOnPostgres(root: string): (file: string) => boolean {
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

  return (file) =>
    !file.endsWith('.pglite.test.ts') &&
    (file.endsWith('.pg.test.ts') || reachesTestApp(resolve(root, file)))
}

/** The relative TypeScript modules a source imports, statically or dynamically. */
function localImports(source: string): string[] {
  const paths: string[] = []
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.tsx?)'/g)) {
    paths.push(match[1]!)
  }
  return paths
}
