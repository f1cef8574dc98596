import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const features = readdirSync(new URL('../features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const someFileOf = (folder: string) =>
  readdirSync(new URL(`../features/${folder}`, import.meta.url)).find((f) => /\.tsx?$/.test(f))!
/** A feature split by task (fees' invoices, admission's staff pages): each `feature/sub`. */
const subFolders = features.flatMap((feature) =>
  readdirSync(new URL(`../features/${feature}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${feature}/${entry.name}`),
)

/** A probe file in each feature that reaches into another's internals: lint must refuse it. */
describe('the client features are fenced', () => {
  it('refuses, in every feature folder, an import of another feature’s file', async () => {
    const eslint = new ESLint({ cwd: root })
    for (const [i, feature] of features.entries()) {
      const other = features[(i + 1) % features.length]!
      const [result] = await eslint.lintText(`export * from '../${other}/${someFileOf(other)}'\n`, {
        filePath: `${root}src/features/${feature}/fence-probe.ts`,
      })
      const rules = result!.messages.map((m) => m.ruleId)
      expect(rules, `${feature} importing ${other}`).toContain('import-x/no-restricted-paths')
    }
  }, 60_000)

  it('holds in sub-folders: one reaches its own feature, never another’s, nor is reached', async () => {
    const eslint = new ESLint({ cwd: root })
    const fenceErrors = async (code: string, folder: string) => {
      const [result] = await eslint.lintText(code, {
        filePath: `${root}src/features/${folder}/fence-probe.ts`,
      })
      return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    }
    expect(subFolders.length).toBeGreaterThan(0)
    for (const sub of subFolders) {
      const feature = sub.split('/')[0]!
      const other = features.find((f) => f !== feature)!
      const own = `export * from '../${someFileOf(feature)}'\n`
      expect(await fenceErrors(own, sub), `${sub} importing its feature`).toEqual([])
      const out = `export * from '../../${other}/${someFileOf(other)}'\n`
      expect(await fenceErrors(out, sub), `${sub} importing ${other}`).not.toEqual([])
      const into = `export * from '../${sub}/${someFileOf(sub)}'\n`
      expect(await fenceErrors(into, other), `${other} importing ${sub}`).not.toEqual([])
    }
  }, 60_000)
})
