import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeAccess } from '../../shared/permissions/route-access.ts'
import { buildAbility } from '../../shared/permissions/ability.ts'
import { homePages, reachableHomePages } from './home-pages.ts'
import { auditActionLabels, auditEntityLabels, readable } from './labels.ts'
import { grantsOf, rulesFromGrants } from './PermissionMatrix.tsx'

/** Every `action: '…'` and `entity: '…'` the server's audit calls write, read from its source. */
function auditedWords(): { actions: Set<string>; entities: Set<string> } {
  const root = join(import.meta.dirname, '../../server/modules')
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  )
  const actions = new Set<string>()
  const entities = new Set<string>()
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8')
    for (const call of source.matchAll(/(?:writeAudit|audit)\((?:[^{]*)\{([\s\S]*?)\n\s*\}\)/g)) {
      const body = call[1]!
      for (const m of body.matchAll(/entity: '([a-z_]+)'/g)) entities.add(m[1]!)
      for (const m of body.matchAll(/action: ([^\n]+)/g)) {
        const chosen = m[1]!.replace(/[!=]== '[a-z_]+'/g, '')
        for (const word of chosen.matchAll(/'([a-z_]+)'/g)) actions.add(word[1]!)
      }
    }
    // Actions passed in as a value: the unions that type them.
    for (const m of source.matchAll(/action: ('[a-z_]+'(?: \| '[a-z_]+')+)/g))
      for (const word of m[1]!.matchAll(/'([a-z_]+)'/g)) actions.add(word[1]!)
    for (const m of source.matchAll(/setFlag\('([a-z_]+)'/g)) actions.add(m[1]!)
  }
  return { actions, entities }
}

describe('audit labels', () => {
  const { actions, entities } = auditedWords()

  it('finds the audit calls of the server', () => {
    expect(actions).toContain('upload_attachment')
    expect(actions).toContain('enrol')
    expect(actions).toContain('reverse')
    expect(entities).toContain('applicant')
  })

  it('has a label for every action and record type the server records', () => {
    expect([...actions].filter((a) => !auditActionLabels[a])).toEqual([])
    expect([...entities].filter((e) => !auditEntityLabels[e])).toEqual([])
  })

  it('shows an unknown word readably', () => {
    expect(readable('upload_attachment')).toBe('Upload attachment')
    expect(readable('coa-config')).toBe('Coa config')
    expect(readable('customResource')).toBe('Custom resource')
  })
})

describe('home pages', () => {
  it('offers only pages of the route table, none with a parameter', () => {
    for (const { path } of homePages) {
      expect(Object.keys(routeAccess)).toContain(path)
      expect(path).not.toContain('$')
    }
    expect(homePages.map((p) => p.path)).not.toContain('/dashboard/analytics')
    expect(homePages.map((p) => p.path)).not.toContain('/salary-disbursements')
  })

  it('offers the pages a role may open', () => {
    const ability = buildAbility([
      { action: 'read', subject: 'dashboard' },
      { action: 'read', subject: 'getVouchers' },
    ])
    expect(reachableHomePages(ability)).toEqual([
      '/dashboard',
      '/vouchers',
      '/vouchers/ledger',
      '/vouchers/trial-balance',
    ])
  })
})

describe('permission matrix', () => {
  it('keeps the rules of areas it does not show', () => {
    const rules = [
      { action: 'read' as const, subject: 'dashboard' as const },
      { action: 'manage' as const, subject: 'std-fee-config' as const },
      { action: 'read' as const, subject: 'payment-collection' as const },
    ]
    expect(rulesFromGrants(grantsOf(rules))).toEqual(rules)
  })
})
