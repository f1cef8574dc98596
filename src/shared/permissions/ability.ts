import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability'
import type { Action, Subject } from './rules.ts'

export type AppAbility = MongoAbility<[Action, Subject]>
export type AbilityRule = RawRuleOf<AppAbility>

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject]>(rules)
}
