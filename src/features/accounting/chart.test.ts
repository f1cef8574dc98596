import { describe, expect, it } from 'vitest'
import type { Account } from '../../shared/schemas/accounting.ts'
import {
  buildChartTree,
  cannotAddUnder,
  cannotDelete,
  exampleCodes,
  moveTargets,
  postableAccounts,
  subtreeDepth,
} from './chart.ts'

function account(id: string, parentId: string | null, level: number, over: Partial<Account> = {}) {
  return {
    id,
    parentId,
    level,
    accountType: 'asset',
    glCode: id,
    name: `Account ${id}`,
    isActive: true,
    isLeaf: true,
    hasPostings: false,
    debit: 0,
    credit: 0,
    ...over,
  } satisfies Account
}

// 1 (asset) → 101 → 10101 → 1010101 → 1010101001 (posted)
//           → 102 (leaf)
// 2 (liability) → 201
const chart: Account[] = [
  account('2', null, 1, { accountType: 'liability', isLeaf: false }),
  account('1', null, 1, { isLeaf: false }),
  account('101', '1', 2, { isLeaf: false }),
  account('102', '1', 2),
  account('10101', '101', 3, { isLeaf: false }),
  account('1010101', '10101', 4, { isLeaf: false }),
  account('1010101001', '1010101', 5, { hasPostings: true, debit: 500 }),
  account('201', '2', 2, { accountType: 'liability' }),
  account('103', '1', 2, { isActive: false }),
]
const byId = (id: string) => chart.find((a) => a.id === id)!

describe('the chart as a tree', () => {
  it('puts the five types first, in their order, and children in GL-code order', () => {
    const tree = buildChartTree(chart)
    expect(tree.roots.map((r) => r.id)).toEqual(['1', '2'])
    expect(tree.children.get('1')!.map((a) => a.id)).toEqual(['101', '102', '103'])
  })

  it('measures how many levels a branch spans', () => {
    const tree = buildChartTree(chart)
    expect(subtreeDepth(tree, '101')).toBe(4)
    expect(subtreeDepth(tree, '102')).toBe(1)
  })

  it('offers as new parents only other heads of the same type one level above', () => {
    const tree = buildChartTree(chart)
    // 10101 is a sub head under 101: the other main heads of the assets may take it.
    expect(moveTargets(tree, byId('10101')).map((a) => a.id)).toEqual(['102', '103'])
    // A main head has a single possible parent, its type, where it already is.
    expect(moveTargets(tree, byId('101'))).toEqual([])
    // A posted leaf cannot become a head; a liability is another type.
    const posted = account('1020', '102', 3)
    const withPosted = buildChartTree([
      ...chart,
      posted,
      account('x', '1', 2, { hasPostings: true }),
    ])
    expect(moveTargets(withPosted, posted).map((a) => a.id)).toEqual(['101', '103'])
    expect(moveTargets(tree, byId('201'))).toEqual([])
  })

  it('says why an account cannot take sub-accounts or be deleted', () => {
    expect(cannotAddUnder(byId('1010101001'))).toBe('deepest')
    expect(cannotAddUnder(account('x', '1', 3, { hasPostings: true }))).toBe('postings')
    expect(cannotAddUnder(byId('102'))).toBeUndefined()
    expect(cannotDelete(byId('1'))).toBe('type')
    expect(cannotDelete(byId('101'))).toBe('children')
    expect(cannotDelete(byId('1010101001'))).toBe('postings')
    expect(cannotDelete(byId('102'))).toBeUndefined()
  })

  it('posts only to active leaves below the types', () => {
    expect(postableAccounts(chart).map((a) => a.id)).toEqual(['1010101001', '102', '201'])
    expect(postableAccounts(chart, 'liability').map((a) => a.id)).toEqual(['201'])
  })
})

describe('GL codes', () => {
  it('builds example GL codes from the digits of each level', () => {
    expect(exampleCodes([1, 2, 2, 2, 3])).toEqual(['1', '101', '10101', '1010101', '1010101001'])
    expect(exampleCodes([1, 1, 1, 1, 4])).toEqual(['1', '11', '111', '1111', '11110001'])
  })
})
