import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability'

export const actions = ['manage', 'read', 'create', 'update', 'delete'] as const
export type Action = (typeof actions)[number]
export const isAction = (value: string): value is Action =>
  (actions as readonly string[]).includes(value)
/** 'all' matches every subject; 'Auth' covers the open pages; the rest are permission names. */
export type Subject = string
export type AppAbility = MongoAbility<[Action, Subject]>
export type AbilityRule = RawRuleOf<AppAbility>

/** What a visitor who has not signed in may do (§3): read the open pages. */
export const anonymousRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }]

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules)
}
