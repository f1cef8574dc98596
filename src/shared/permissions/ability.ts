import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability'
import { isPermission, type Permission } from './catalogue.ts'

export const actions = ['manage', 'read', 'create', 'update', 'delete'] as const
export type Action = (typeof actions)[number]
export const isAction = (value: string): value is Action =>
  (actions as readonly string[]).includes(value)
/** 'all' matches every subject; 'Auth' covers the open pages; the rest are the catalogue's. */
export type Subject = Permission | 'Auth' | 'all'
export const isSubject = (value: string): value is Subject =>
  value === 'Auth' || value === 'all' || isPermission(value)
export type AppAbility = MongoAbility<[Action, Subject]>
export type AbilityRule = RawRuleOf<AppAbility>

/** What a visitor who has not signed in may do (§3): read the open pages. */
export const anonymousRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }]

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules)
}
