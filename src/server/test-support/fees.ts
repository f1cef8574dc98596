// The fee suites' set-up: what the fee screens choose from, and fee heads made through the API.
import type { FeeHeadInput, FeeStructure, IncomeAccount } from '../../shared/schemas/fee-setup.ts'
import type { FeeHead } from '../../shared/schemas/fee-heads.ts'
import { asUser, type TestApp } from './test-app.ts'

type App = { app: TestApp['app'] }

/** The institute's sessions, classes, groups and campuses as the fee screens read them. */
export async function feeStructure(t: App, token: string) {
  const structure = (await (
    await asUser(t, token, 'GET', '/api/fees/structure')
  ).json()) as FeeStructure
  const byName = <T extends { name: string }>(list: T[], name: string) =>
    list.find((item) => item.name === name)!
  return {
    ...structure,
    current: structure.sessions.find((s) => s.isCurrent)!,
    next: structure.sessions.at(-1)!,
    classNamed: (name: string) => byName(structure.classes, name),
    groupNamed: (name: string) => byName(structure.groups, name),
  }
}

/** The income account a head may credit, by its name ("Tuition fee income"). */
export async function incomeAccount(t: App, token: string, name: string) {
  const res = await asUser(t, token, 'GET', '/api/fees/income-accounts')
  return ((await res.json()) as { data: IncomeAccount[] }).data.find((a) => a.name === name)!
}

/** A fee head made through the API (it must succeed). */
export async function addFeeHead(
  t: App,
  token: string,
  head: Partial<FeeHeadInput> & { code: string },
) {
  const account = head.incomeAccountId ?? (await incomeAccount(t, token, 'Tuition fee income')).id
  const res = await asUser(t, token, 'POST', '/api/fees/heads', {
    name: head.code,
    kind: 'recurring',
    ...head,
    incomeAccountId: account,
  })
  if (res.status !== 201)
    throw new Error(`fee head ${head.code}: ${res.status} ${await res.text()}`)
  return (await res.json()) as FeeHead
}
