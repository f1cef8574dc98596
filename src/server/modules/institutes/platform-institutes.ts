import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  CreateInstituteSchema,
  ReactivateInstituteSchema,
  SuspendInstituteSchema,
  type CreatedInstitute,
  type PlatformInstitute,
  InstituteListSchema,
  InstituteOptionsSchema,
  PlatformInstituteSchema,
  CreatedInstituteSchema,
} from '../../../shared/schemas/platform.ts'
import { InstituteListQuerySchema } from '../../../shared/schemas/platform-queries.ts'
import { notices } from '../../../shared/messages/notices.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/auth.ts'
import { institutes } from '../../db/schema/institutes.ts'
import { writeAudit } from '../../lib/audit.ts'
import { forbidden, requireAuth, requirePlatformAdmin } from '../../lib/auth.ts'
import { conflict, notFound, validationFailed } from '../../lib/errors.ts'
import type { ErrorCode } from '../../../shared/errors/catalogue.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { localeOf, textIn } from '../../lib/messages.ts'
import { enqueueMessage, type Channel } from '../../lib/outbox.ts'
import { generatePassword, hashPassword } from '../../lib/password.ts'
import { requestInfo } from '../../lib/request-info.ts'
import { readJson, readQuery } from '../../lib/validate.ts'
import { findUserByLogin } from '../auth/user-read.ts'
import { findInstitute, instituteOptions, listInstitutes } from './platform-institute-read.ts'
import { assertSlugFree } from './institute-read.ts'
import { createInstitute } from './set-up.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { documented } from '../../lib/openapi/documented.ts'

/** Who made a platform administrator's change, for its audit row in the institute it changed. */
function platformCaller(c: Context<AppEnv>) {
  const { auth } = c.var
  return { userId: auth.user.id, impersonatorId: auth.impersonatorId ?? null, ...requestInfo(c) }
}

async function instituteOr404(c: Context<AppEnv>, db: Db = c.var.database.db) {
  const institute = await findInstitute(db, c.req.param('instituteId') ?? '')
  if (!institute) throw notFound('institute_unknown')
  return institute
}

/** Where a new admin's temporary password goes: every address they were given. */
const channelsOf = (admin: { email: string | null; phone: string | null }): Channel[] => [
  ...(admin.email ? (['email'] as const) : []),
  ...(admin.phone ? (['sms'] as const) : []),
]

/** What creating answered, read again for a retry under the same Idempotency-Key. */
async function createdAnswer(db: Db, instituteId: string): Promise<CreatedInstitute> {
  const institute = (await findInstitute(db, instituteId))!
  const [admin] = await db
    .select({ username: users.username, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.instituteId, instituteId))
    .orderBy(users.createdAt)
    .limit(1)
  return { institute, admin: { username: admin!.username, sentTo: channelsOf(admin!) } }
}

const auditView = (i: PlatformInstitute) => ({
  name: i.name,
  slug: i.slug,
  status: i.status,
  suspensionReason: i.suspensionReason,
})

/** Every endpoint's guards: signed in, as a platform administrator. */
const platformAdmin = [requireAuth(), requirePlatformAdmin()] as const

/**
 * `/api/platform/institutes`: the platform's institutes, for platform administrators only
 * (users.is_platform_admin, signed in as themselves), whichever institute they work in.
 */
export const platformInstituteRoutes = new Hono<AppEnv>()
  .get('/', documented({ answers: InstituteListSchema, query: InstituteListQuerySchema }))
  .get('/', ...platformAdmin, async (c) => {
    const query = readQuery(c, InstituteListQuerySchema)
    const { data, total } = await listInstitutes(c.var.database.db, query)
    return c.json({ data, total, page: query.page, perPage: query.perPage })
  })

  .get('/options', documented({ answers: InstituteOptionsSchema }))
  .get('/options', ...platformAdmin, async (c) =>
    c.json({ data: await instituteOptions(c.var.database.db) }),
  )

  .get('/:instituteId', documented({ answers: PlatformInstituteSchema }))
  .get('/:instituteId', ...platformAdmin, async (c) => c.json(await instituteOr404(c)))

  .post(
    '/',
    documented({
      answers: CreatedInstituteSchema,
      body: CreateInstituteSchema,
      idempotencyKey: 'required',
      status: [201, 200],
    }),
  )
  .post('/', ...platformAdmin, async (c) => {
    const key = idempotencyKey(c, { required: true })
    const body = await readJson(c, CreateInstituteSchema)
    const { database, services } = c.var
    const db = database.db
    const fingerprint = fingerprintOf(body)
    const find = async (key: string) => {
      const [row] = await db
        .select({ id: institutes.id, payloadHash: institutes.payloadHash })
        .from(institutes)
        .where(eq(institutes.idempotencyKey, key))
      return row && { fingerprint: row.payloadHash ?? '', answer: await createdAnswer(db, row.id) }
    }
    const { answer, replayed } = await withIdempotency<CreatedInstitute>(
      { key, fingerprint, find, subject: 'institute' },
      async () => {
        // Usernames and emails are sign-in names across the platform.
        const taken: Record<string, ErrorCode> = {}
        if (await findUserByLogin(db, body.adminUsername)) taken.adminUsername = 'username_taken'
        if (body.adminEmail && (await findUserByLogin(db, body.adminEmail))) {
          taken.adminEmail = 'email_taken'
        }
        if (Object.keys(taken).length) throw validationFailed(taken)
        await assertSlugFree(db, body.slug)
        const password = generatePassword()
        const passwordHash = await hashPassword(password)
        const locale = localeOf(c.req.header('accept-language'))
        return db.transaction(async (tx) => {
          const { institute, user } = await createInstitute(
            tx,
            {
              slug: body.slug,
              name: body.name,
              currency: body.currency,
              timezone: body.timezone,
              idempotencyKey: key,
              payloadHash: fingerprint,
            },
            {
              username: body.adminUsername,
              fullName: body.adminFullName,
              email: body.adminEmail,
              phone: body.adminPhone,
              passwordHash,
              mustChangePassword: true,
            },
          )
          const values = {
            institute: institute.name,
            username: user.username,
            password,
            link: publicUrl(c, '/login'),
          }
          for (const channel of channelsOf(user)) {
            await enqueueMessage(tx, {
              instituteId: institute.id,
              channel,
              recipient: channel === 'email' ? user.email! : user.phone!,
              subject: textIn(locale, notices.newInstituteAdminSubject, values),
              body: textIn(locale, notices.newInstituteAdminBody, values),
            })
          }
          const answer = await createdAnswer(tx, institute.id)
          await writeAudit(tx, {
            ...platformCaller(c),
            instituteId: institute.id,
            area: 'institutes',
            action: 'create',
            entity: 'institute',
            entityId: institute.id,
            after: {
              ...auditView(answer.institute),
              currency: institute.currency,
              timezone: institute.timezone,
              admin: user.username,
            },
          })
          return answer
        })
      },
    )
    if (!replayed) services.outbox.kick()
    return c.json<CreatedInstitute>(answer, replayed ? 200 : 201)
  })

  .post(
    '/:instituteId/suspend',
    documented({ answers: PlatformInstituteSchema, body: SuspendInstituteSchema }),
  )
  .post('/:instituteId/suspend', ...platformAdmin, async (c) => {
    const before = await instituteOr404(c)
    // Platform administrators would lock themselves out with it.
    if (before.id === c.var.auth.user.instituteId) throw forbidden('own_institute_suspend')
    const { reason } = await readJson(c, SuspendInstituteSchema)
    if (before.status === 'suspended') throw conflict('institute_already_suspended')
    const after = await c.var.database.db.transaction(async (tx) => {
      await tx
        .update(institutes)
        .set({ status: 'suspended', suspendedAt: new Date(), suspensionReason: reason })
        .where(eq(institutes.id, before.id))
      const after = (await findInstitute(tx, before.id))!
      await writeAudit(tx, {
        ...platformCaller(c),
        instituteId: before.id,
        area: 'institutes',
        action: 'suspend',
        entity: 'institute',
        entityId: before.id,
        before: auditView(before),
        after: auditView(after),
      })
      return after
    })
    return c.json(after)
  })

  .post(
    '/:instituteId/reactivate',
    documented({ answers: PlatformInstituteSchema, body: ReactivateInstituteSchema }),
  )
  .post('/:instituteId/reactivate', ...platformAdmin, async (c) => {
    const before = await instituteOr404(c)
    const { reason } = await readJson(c, ReactivateInstituteSchema)
    if (before.status !== 'suspended') throw conflict('institute_not_suspended')
    const after = await c.var.database.db.transaction(async (tx) => {
      await tx
        .update(institutes)
        .set({ status: 'active', suspendedAt: null, suspensionReason: null })
        .where(eq(institutes.id, before.id))
      const after = (await findInstitute(tx, before.id))!
      await writeAudit(tx, {
        ...platformCaller(c),
        instituteId: before.id,
        area: 'institutes',
        action: 'reactivate',
        entity: 'institute',
        entityId: before.id,
        before: auditView(before),
        after: { ...auditView(after), reason: reason || null },
      })
      return after
    })
    return c.json(after)
  })
