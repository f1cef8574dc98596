import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const features = readdirSync(new URL('../features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const someFileOf = (feature: string) =>
  readdirSync(new URL(`../features/${feature}`, import.meta.url)).find((f) => /\.tsx?$/.test(f))!

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
})
