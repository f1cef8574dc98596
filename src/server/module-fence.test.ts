import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const modules = readdirSync(new URL('./modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const someFileOf = (module: string) =>
  readdirSync(new URL(`./modules/${module}`, import.meta.url)).find(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  )!

interface Zone {
  target: string | string[]
  from: string | string[]
  except?: string[]
}

/** Probe files importing across the server's modules and layers: lint must refuse the wrong ones. */
describe('the server modules are fenced', () => {
  const eslint = new ESLint({ cwd: root })
  /** Each module and the modules lint lets it import, read from the effective lint config. */
  const allowed = new Map<string, string[]>()

  beforeAll(async () => {
    for (const module of modules) {
      const config = (await eslint.calculateConfigForFile(
        `${root}src/server/modules/${module}/fence-probe.ts`,
      )) as { rules: Record<string, [unknown, { zones: Zone[] }]> }
      const zone = config.rules['import-x/no-restricted-paths']![1].zones.find(
        (z) => z.target === `./src/server/modules/${module}` && z.from === './src/server/modules',
      )
      allowed.set(
        module,
        (zone?.except ?? []).map((m) => m.slice(2)).filter((m) => m !== module),
      )
    }
  })

  const lintRules = async (file: string, from: string) => {
    const [result] = await eslint.lintText(`export * from '${from}'\n`, {
      filePath: `${root}src/server/${file}`,
    })
    return result!.messages.map((m) => m.ruleId)
  }

  it('refuses a module importing one it does not build on, and any module importing collection or reports', async () => {
    for (const module of modules) {
      for (const other of modules) {
        if (other === module) continue
        const rules = await lintRules(
          `modules/${module}/fence-probe.ts`,
          `../${other}/${someFileOf(other)}`,
        )
        const refused = rules.includes('import-x/no-restricted-paths')
        expect(refused, `${module} importing ${other}`).toBe(!allowed.get(module)!.includes(other))
      }
    }
    expect([...allowed.values()].flat()).not.toContain('collection')
    expect([...allowed.values()].flat()).not.toContain('reports')
    expect(allowed.get('accounting')).not.toContain('fees')
  }, 120_000)

  it('refuses lib or db importing a module, and a module importing what composes it', async () => {
    expect(await lintRules('lib/fence-probe.ts', '../modules/fees/index.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await lintRules('db/fence-probe.ts', '../modules/students/index.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await lintRules('modules/fees/fence-probe.ts', '../../seeds/seed.ts')).toContain(
      'import-x/no-restricted-paths',
    )
    expect(await lintRules('modules/fees/fence-probe.ts', '../../areas.ts')).toContain(
      'import-x/no-restricted-paths',
    )
  }, 60_000)

  it('declares imports between modules without a loop', () => {
    const done = new Set<string>()
    const visit = (module: string, path: string[]) => {
      expect(path, `a loop: ${[...path, module].join(' → ')}`).not.toContain(module)
      if (done.has(module)) return
      for (const next of allowed.get(module) ?? []) visit(next, [...path, module])
      done.add(module)
    }
    for (const module of modules) visit(module, [])
  })
})
