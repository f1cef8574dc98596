import type { AbilityRule } from './ability.ts'
import { isPermission, type Permission } from './catalogue.ts'

/*
 * The words of the permission rules, without the library that checks them (ability.ts, CASL):
 * the stored session, the auth schemas and the public pages use these and stay without it.
 */

export const actions = ['manage', 'read', 'create', 'update', 'delete'] as const
export type Action = (typeof actions)[number]
export const isAction = (value: string): value is Action =>
  (actions as readonly string[]).includes(value)
/** 'all' matches every subject; 'Auth' covers the open pages; the rest are the catalogue's. */
export type Subject = Permission | 'Auth' | 'all'
export const isSubject = (value: string): value is Subject =>
  value === 'Auth' || value === 'all' || isPermission(value)

/** What a visitor who has not signed in may do (§3): read the open pages. */
export const anonymousRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }]
