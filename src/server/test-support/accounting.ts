// The accounting suites' readers of the chart of accounts, as a signed-in user sees it.
import type { Account } from '../../shared/schemas/accounting.ts'
import { asUser, type TestApp } from './test-app.ts'

type App = { app: TestApp['app'] }

/** The institute's chart of accounts, read now. */
export async function chartOf(t: App, token: string): Promise<Account[]> {
  const res = await asUser(t, token, 'GET', '/api/accounting/accounts')
  return ((await res.json()) as { data: Account[] }).data
}

/** The account of that name, read now. */
export const accountNamed = async (t: App, token: string, name: string) =>
  (await chartOf(t, token)).find((a) => a.name === name)!

/** Ids by name from one read of the chart: `leaf` finds a leaf account, `head` a head. */
export async function accountIds(t: App, token: string) {
  const accounts = await chartOf(t, token)
  return {
    leaf: (name: string) => accounts.find((a) => a.name === name && a.isLeaf)!.id,
    head: (name: string) => accounts.find((a) => a.name === name && !a.isLeaf)!.id,
  }
}
