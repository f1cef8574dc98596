import { readdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { build, defineConfig, type LogLevel, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import pkg from './package.json' with { type: 'json' }
import { mocksModules, runsOnPostgres, testFiles } from './src/server/test-support/test-files.ts'

const here = import.meta.dirname
const tests = testFiles(here, ['src', 'tests/api'])
const testsByDatabase = {
  pglite: tests.filter((file) => !file.endsWith('.pg.test.ts')),
  postgres: tests.filter(runsOnPostgres(here)),
}
const appName = process.env.APP_NAME ?? 'Educational Management System'
// index.html reads the name as %VITE_APP_NAME%.
process.env.VITE_APP_NAME = appName

/**
 * The public pages' client is a build of its own (see `publicPagesBuilds`), whose manifest and
 * chunk list sit beside the staff app's: set while that build runs.
 */
const publicClientBuild = process.env.PUBLIC_CLIENT_BUILD === '1'
/** The public pages (src/public-app/pages/, one module each): each an entry of that build. */
const publicPages = readdirSync(resolve(here, 'src/public-app/pages')).length
/** The staff app's screens (src/routes, one file each). */
const staffRoutes = readdirSync(resolve(here, 'src/routes')).length
const manifestName = publicClientBuild ? 'public-manifest.json' : 'manifest.json'
const modulesName = publicClientBuild ? 'public-modules.json' : 'modules.json'

/**
 * Writes `.vite/modules.json` beside the manifest: each chunk's file and the source modules in
 * it, so a check over the build (bench/first-load.ts) can see what a page's first load holds.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        // Packages by their path from node_modules (which may be a link to another checkout).
        modules[chunk.fileName] = Object.keys(chunk.modules).map((id) =>
          relative(here, id)
            .replaceAll('\\', '/')
            .replace(/^.*?\/?(?=node_modules\/)/, ''),
        )
      }
      this.emitFile({
        type: 'asset',
        fileName: `.vite/${modulesName}`,
        source: JSON.stringify(modules),
      })
    },
  }
}

/**
 * Writes each script, style and page of the build once more brotli-compressed beside it
 * (`x.js.br`), at the highest quality: the server sends these as they are
 * (src/server/lib/static-files.ts), so a fresh server's first visitors wait on no compression.
 */
function precompressed(): Plugin {
  const brotli = promisify(brotliCompress)
  return {
    name: 'precompressed',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!/\.(js|mjs|css|html|svg|json)$/.test(output.fileName)) return
          const source = output.type === 'chunk' ? output.code : output.source
          if (source.length <= 1024) return
          const packed = await brotli(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          })
          await writeFile(join(outDir, `${output.fileName}.br`), packed)
        }),
      )
    },
  }
}

/**
 * In the browser's build, a plain message descriptor marked `i18n` for extraction (`{ id,
 * message }`: the reports' file headings and other words the server writes too, shared without a
 * macro) keeps its id alone, as Lingui's macros leave theirs: the text is in the catalog the page loads, and
 * the English words would otherwise ride along in every page's script (~1.5 KB gzip a report).
 */
function descriptorIdsOnly(): Plugin {
  // The marker comment, then `{ id: '…', message: '…',` (any quotes, escapes inside).
  const descriptor =
    /\/\*i18n\*\/\s*\{\s*id:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),\s*message:\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`),?/g
  return {
    name: 'descriptor-ids-only',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/src/') || !code.includes('/*i18n*/')) return null
      return { code: code.replace(descriptor, '/*i18n*/ { id: $1,'), map: null }
    },
  }
}

/**
 * What a dynamic import preloads: the files it needs that its importer has not loaded already.
 * Vite lists every file an import needs, the framework and the shell included, in a table each
 * importing chunk carries; the route tree's alone was 3.5 KB gzip of every staff page's first
 * load, naming files the page had loaded before it ran. The table is filled from the chunks'
 * static imports, read from the bundle before Vite writes the tables.
 */
function preloadsNotLoaded(): {
  plugin: Plugin
  resolve: (host: string, deps: string[]) => string[]
} {
  const loaded = new Map<string, Set<string>>()
  return {
    plugin: {
      name: 'preloads-not-loaded',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const imports = (file: string) => {
            const chunk = bundle[file]
            return chunk?.type === 'chunk' ? chunk.imports : []
          }
          for (const file of Object.keys(bundle)) {
            const seen = new Set<string>([file])
            for (const next of seen) for (const imported of imports(next)) seen.add(imported)
            loaded.set(file, seen)
          }
        },
      },
    },
    resolve: (host, deps) => {
      const before = loaded.get(host)
      return before ? deps.filter((dep) => !before.has(dep)) : deps
    },
  }
}
const preloads = preloadsNotLoaded()

/** The libraries every page runs, public or staff (see the `framework` chunk below). */
const frameworkModules =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core)|@lingui[\\/](core|react|message-utils)|valtio|proxy-compare|valibot|use-sync-external-store)[\\/]/

/** The router and what only it uses: the staff app's (the public pages run none). */
const routerModules =
  /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store)[\\/]/

/** The public pages' server entry: the host (src/server/lib/public-pages.ts) renders with it. */
const serverEntry = 'public-app/entry-server.tsx'

/**
 * After the staff app's build, the public pages' two: their browser client, a build of its own
 * into the same folder (its chunks made for those pages alone, so a page loads a few files, not
 * dozens it shares with staff screens), then their server bundle, into the build's `.ssr/` (a dot
 * folder: neither served nor precached), everything bundled in, so it runs wherever the build
 * is put. Both are done before the service worker's precache list is made (its plugin runs
 * last).
 */
function publicPagesBuilds(): Plugin {
  let outDir = ''
  let mode = 'production'
  let logLevel: LogLevel | undefined
  return {
    name: 'public-pages-builds',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !publicClientBuild,
    configResolved(config) {
      outDir = config.build.outDir
      mode = config.mode
      logLevel = config.logLevel
    },
    closeBundle: {
      sequential: true,
      async handler() {
        process.env.PUBLIC_CLIENT_BUILD = '1'
        try {
          await build({
            configFile: resolve(here, 'vite.config.ts'),
            mode,
            logLevel,
            build: { outDir, emptyOutDir: false, copyPublicDir: false },
          })
        } finally {
          delete process.env.PUBLIC_CLIENT_BUILD
        }
        await build({
          configFile: resolve(here, 'vite.config.ts'),
          mode,
          logLevel,
          build: {
            ssr: serverEntry,
            outDir: join(outDir, '.ssr'),
            emptyOutDir: true,
            copyPublicDir: false,
          },
        })
      },
    },
  }
}

// The client lives in src/ (index.html included) so the repository's top level stays as agreed.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: resolve(here, 'src'),
  publicDir: resolve(here, 'public'),
  envDir: here,
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_NAME__: JSON.stringify(appName),
    // The server bundle carries React in, built as the browser's is.
    ...(isSsrBuild && { 'process.env.NODE_ENV': JSON.stringify(mode) }),
  },
  ssr: { noExternal: true },
  build: {
    outDir: resolve(here, 'dist'),
    emptyOutDir: true,
    manifest: !isSsrBuild && `.vite/${manifestName}`,
    target: 'es2022',
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId }) => preloads.resolve(hostId, deps),
    },
    rolldownOptions: {
      // The staff app, or the public pages' lean entry (src/public-app), or their server bundle.
      input: isSsrBuild
        ? resolve(here, 'src', serverEntry)
        : publicClientBuild
          ? resolve(here, 'src/public-app/shell.html')
          : resolve(here, 'src/index.html'),
      output: {
        // Libraries only later screens use get chunks of their own, so the bundler cannot fold
        // them into a chunk the first screen loads.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What every page, public or staff, runs: one file instead of a dozen small ones,
            // which cost a phone a request each (and a task each to start). The server's bundle
            // needs no such file (and its module order breaks with one).
            ...(isSsrBuild
              ? []
              : [
                  { name: 'framework', test: frameworkModules },
                  { name: 'router', test: routerModules },
                ]),
            {
              name: 'api-client',
              test: /node_modules[\\/]ky[\\/](?!distribution[\\/]errors[\\/])|src[\\/]lib[\\/]api\.ts/,
            },
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
            // The app's own modules that most pages run (in the public pages' build, six in
            // ten of its page modules; in the staff app's, half its screens): one file, not
            // dozens of a few hundred bytes that each cost a request and a gzip of their own. The
            // API client and the read store stay out: a public page the staff app shows loads
            // neither first.
            ...(isSsrBuild
              ? []
              : [
                  {
                    name: 'common',
                    test: (id: string) =>
                      /[\\/]src[\\/]/.test(id) &&
                      !/[\\/]src[\\/]lib[\\/](api|read-store)\.ts$/.test(id),
                    minShareCount: publicClientBuild
                      ? Math.ceil(publicPages * 0.6)
                      : Math.round(staffRoutes / 2),
                  },
                ]),
          ],
        },
      },
    },
  },
  server: { port: 5173 },
  // The server bundle needs only what compiles components: no route generation, no service worker.
  plugins: [
    !isSsrBuild &&
      !publicClientBuild &&
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders get chunks of their own too, so data code (the API client) stays off the first
        // load of public pages.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['pendingComponent', 'errorComponent', 'notFoundComponent'],
          ],
        },
        routesDirectory: resolve(here, 'src/routes'),
        generatedRouteTree: resolve(here, 'src/routeTree.gen.ts'),
      }),
    descriptorIdsOnly(),
    preloads.plugin,
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    !isSsrBuild && [chunkModules(), precompressed()],
    !isSsrBuild &&
      !publicClientBuild && [
        publicPagesBuilds(),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: resolve(here, 'sw'),
          filename: 'sw.ts',
          injectRegister: false,
          registerType: 'prompt',
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
          },
          devOptions: { enabled: false },
          manifest: {
            id: '/',
            name: appName,
            short_name: 'EMS Office',
            description:
              'Fees, accounting, collection, admission and reports for educational institutes.',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            background_color: '#f8f8f8',
            theme_color: '#7367f0',
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
              {
                src: '/icons/icon-maskable-512.png',
                sizes: '512x512',
                type: 'image/png',
                purpose: 'maskable',
              },
            ],
          },
        }),
      ],
  ],
  test: {
    root: here,
    environment: 'node',
    // Each test file has its own in-memory PGlite (a copy of the run's migrated and seeded
    // database, pglite-global-setup.ts), so files run side by side on every core (Vitest leaves
    // one free by default: on a 2-core machine that ran them one at a time).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The API suite runs on both databases the product supports: the embedded PGlite and a
    // PostgreSQL server (started for the run; DATABASE_URL names one instead) with real pools;
    // the tests that need no database, or open a PGlite of their own, run on PGlite alone.
    // *.pg.test.ts: what only means something with parallel connections; *.pglite.test.ts: the
    // embedded database's own driver. Each database's files share their workers' modules, but
    // those that mock one (src/server/test-support/test-files.ts).
    projects: Object.entries(testsByDatabase).flatMap(([database, files]) => {
      const globalSetup = [`src/server/test-support/${database}-global-setup.ts`]
      const mocking = files.filter((file) => mocksModules(here, file))
      return [
        {
          extends: true,
          test: {
            name: database,
            include: files.filter((file) => !mocking.includes(file)),
            isolate: false,
            globalSetup,
          },
        },
        {
          extends: true,
          test: { name: `${database} (own modules)`, include: mocking, globalSetup },
        },
      ]
    }),
  },
}))
