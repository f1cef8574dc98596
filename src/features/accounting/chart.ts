import { accountLevels, type Account } from '../../shared/schemas/accounting.ts'
import { accountTypes, type AccountType } from '../../shared/schemas/accounting-queries.ts'

/** The chart as a tree: each account's children in GL-code order, and the five roots. */
export interface ChartTree {
  roots: Account[]
  children: Map<string, Account[]>
  byId: Map<string, Account>
}

export function buildChartTree(accounts: readonly Account[]): ChartTree {
  const byId = new Map(accounts.map((a) => [a.id, a]))
  const children = new Map<string, Account[]>()
  const roots: Account[] = []
  const sorted = [...accounts].sort((a, b) => a.glCode.localeCompare(b.glCode))
  for (const account of sorted) {
    if (account.parentId && byId.has(account.parentId)) {
      const siblings = children.get(account.parentId)
      if (siblings) siblings.push(account)
      else children.set(account.parentId, [account])
    } else {
      roots.push(account)
    }
  }
  roots.sort((a, b) => accountTypes.indexOf(a.accountType) - accountTypes.indexOf(b.accountType))
  return { roots, children, byId }
}

/** How many levels an account's subtree spans, the account included (a leaf: 1). */
export function subtreeDepth(tree: ChartTree, id: string): number {
  const kids = tree.children.get(id) ?? []
  return 1 + Math.max(0, ...kids.map((k) => subtreeDepth(tree, k.id)))
}

/**
 * Where an account may move: another head of its type one level above it (so that it keeps its
 * level, and its sub-accounts theirs), that is not a leaf with postings (only leaves post: it
 * would stop being one).
 */
export function moveTargets(tree: ChartTree, account: Account): Account[] {
  return [...tree.byId.values()]
    .filter(
      (target) =>
        target.accountType === account.accountType &&
        target.level === account.level - 1 &&
        target.id !== account.parentId &&
        !(target.isLeaf && target.hasPostings),
    )
    .sort((a, b) => a.glCode.localeCompare(b.glCode))
}

/** Why nothing can be added under an account, or undefined when something can. */
export function cannotAddUnder(account: Account): 'deepest' | 'postings' | undefined {
  if (account.level >= accountLevels) return 'deepest'
  if (account.isLeaf && account.hasPostings) return 'postings'
  return undefined
}

/** Why an account cannot be deleted, or undefined when it can. */
export function cannotDelete(account: Account): 'type' | 'children' | 'postings' | undefined {
  if (account.level === 1) return 'type'
  if (!account.isLeaf) return 'children'
  if (account.hasPostings) return 'postings'
  return undefined
}

/** The accounts vouchers may post to: active leaves, optionally of one type, by GL code. */
export function postableAccounts(accounts: readonly Account[], type?: AccountType): Account[] {
  return accounts
    .filter((a) => a.isLeaf && a.isActive && a.level > 1 && (!type || a.accountType === type))
    .sort((a, b) => a.glCode.localeCompare(b.glCode))
}

/** A GL code of each level when every segment is its first: 1, 101, 10101 … */
export function exampleCodes(levelDigits: readonly number[]): string[] {
  const codes: string[] = []
  let code = ''
  for (const digits of levelDigits) {
    code += '1'.padStart(digits, '0')
    codes.push(code)
  }
  return codes
}
