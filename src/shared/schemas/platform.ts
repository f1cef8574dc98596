import * as v from 'valibot'
import { email, optionalContact, phone, username } from './access.ts'
import { pagedSchema } from './list.ts'
import { InstituteStatusSchema } from './platform-queries.ts'
import { CurrencySchema, LogoSchema, SlugSchema, TimeZoneSchema } from './institutes.ts'
import { optionalText, text } from './primitives.ts'

/*
 * Platform administration (`/institutes`): the institutes of the platform, as only a platform
 * administrator sees and changes them.
 */

export const PlatformInstituteSchema = v.object({
  id: v.string(),
  slug: v.string(),
  name: v.string(),
  currency: v.string(),
  timezone: v.string(),
  status: InstituteStatusSchema,
  suspendedAt: v.nullable(v.string()),
  suspensionReason: v.nullable(v.string()),
  users: v.number(),
  createdAt: v.string(),
})
export type PlatformInstitute = v.InferOutput<typeof PlatformInstituteSchema>

export const InstituteListSchema = pagedSchema(PlatformInstituteSchema)

/** The top bar's institute picker: every institute by name. */
export const InstituteOptionSchema = v.object({
  id: v.string(),
  name: v.string(),
  slug: v.string(),
  status: InstituteStatusSchema,
  // What screens show of the institute worked in: its money, clock and brand.
  currency: v.string(),
  currencyDigits: v.number(),
  timezone: v.string(),
  shortName: v.string(),
  logo: v.nullable(LogoSchema),
})
export type InstituteOption = v.InferOutput<typeof InstituteOptionSchema>
export const InstituteOptionsSchema = v.object({ data: v.array(InstituteOptionSchema) })

/** A new institute and its first admin, who gets a temporary password by email or SMS. */
export const CreateInstituteSchema = v.pipe(
  v.object({
    name: text(120, 'institute_name_required'),
    slug: SlugSchema,
    currency: CurrencySchema,
    timezone: TimeZoneSchema,
    adminUsername: username,
    adminFullName: text(120, 'full_name_required'),
    adminEmail: optionalContact(email),
    adminPhone: optionalContact(phone),
  }),
  v.forward(
    v.check((input) => Boolean(input.adminEmail || input.adminPhone), 'admin_contact_required'),
    ['adminEmail'],
  ),
)
export type CreateInstitute = v.InferInput<typeof CreateInstituteSchema>

/** What creating answers: the institute and where its admin's temporary password went. */
export const CreatedInstituteSchema = v.object({
  institute: PlatformInstituteSchema,
  admin: v.object({ username: v.string(), sentTo: v.array(v.picklist(['email', 'sms'])) }),
})
export type CreatedInstitute = v.InferOutput<typeof CreatedInstituteSchema>

export const SuspendInstituteSchema = v.object({
  reason: text(500, 'suspension_reason_required'),
})

export const ReactivateInstituteSchema = v.object({ reason: optionalText(500) })
