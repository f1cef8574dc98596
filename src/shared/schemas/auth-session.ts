import * as v from 'valibot'
import { actions, isSubject, type Subject } from '../permissions/rules.ts'
import { LogoSchema } from './institutes.ts'

/*
 * The signed-in session as every page holds it (its tokens, its user): apart from the sign-in
 * and recovery forms' shapes, which only those pages load.
 */

export const SubjectSchema = v.custom<Subject>(
  (value) => typeof value === 'string' && isSubject(value),
  'unknown_permission',
)
export const AbilityRuleSchema = v.object({ action: v.picklist(actions), subject: SubjectSchema })

/** What the client keeps about the signed-in user (§3), under `userData` in local storage. */
export const UserDataSchema = v.object({
  id: v.string(),
  fullName: v.string(),
  username: v.string(),
  email: v.nullable(v.string()),
  role: v.string(),
  /** Where this user lands after sign-in: a property of the role. */
  homeRoute: v.string(),
  ability: v.array(AbilityRuleSchema),
  /** A user created by an admin sets a new password before anything else. */
  mustChangePassword: v.boolean(),
  /** Set while an admin acts as this user. */
  impersonatedBy: v.optional(v.string()),
  /** Operates the platform (signed in as themselves): may work in any institute. */
  platformAdmin: v.optional(v.boolean()),
  /**
   * The campuses whose figures the user is limited to in reports (README "Campus scope");
   * absent: every campus of the institute.
   */
  campusIds: v.optional(v.array(v.string())),
  /** The institute the user works in; absent from sessions stored before it was added. */
  institute: v.optional(
    v.object({
      id: v.string(),
      slug: v.string(),
      name: v.string(),
      currency: v.string(),
      // The settings below came with /institute-settings: absent from older stored sessions.
      /** The currency's minor-unit digits as stored with the institute (JPY 0, KWD 3). */
      currencyDigits: v.optional(v.number()),
      timezone: v.optional(v.string()),
      shortName: v.optional(v.string()),
      logo: v.optional(v.nullable(LogoSchema)),
    }),
  ),
})
export type UserData = v.InferOutput<typeof UserDataSchema>

export const TokenPairSchema = v.object({
  status: v.literal(true),
  access_token: v.string(),
  refresh_token: v.string(),
})
export type TokenPair = v.InferOutput<typeof TokenPairSchema>

export const UserResponseSchema = v.object({ status: v.literal(true), userData: UserDataSchema })
