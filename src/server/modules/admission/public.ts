import { and, asc, eq, gte, lte } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import {
  applicationSchemaFor,
  SubmitApplicationSchema,
} from '../../../shared/schemas/admission-applications.ts'
import type { PublicFormList } from '../../../shared/schemas/admission-forms.ts'
import { issuesToDetails } from '../../../shared/schemas/issues.ts'
import type { AppEnv } from '../../app-env.ts'
import type { Db } from '../../db/client.ts'
import { admissionForms, applicants } from '../../db/schema/admission.ts'
import { writeAudit } from '../../lib/audit.ts'
import { conflict, tooManyRequests, validationFailed } from '../../lib/errors.ts'
import { fingerprintOf, idempotencyKey, withIdempotency } from '../../lib/idempotency.ts'
import { rateLimit, type RateWindow } from '../../lib/rate-limit.ts'
import { clientIp, requestInfo } from '../../lib/request-info.ts'
import { todayIn } from '../../lib/today.ts'
import { parseOrThrow, readJson } from '../../lib/validate.ts'
import { formBody, isAccepting, publicForm, selectForms, type FormRow } from './form-read.ts'
import { JsonObjectSchema } from '../../lib/validate.ts'
import { publicAttachmentRoutes } from './public-attachments.ts'
import { publicSendLinkRoutes } from './public-send-link.ts'
import { newShortReference } from './short-reference.ts'
import { newTemporaryId } from './temporary-id.ts'
import {
  applicantOr404,
  instituteOr404,
  publicApplication,
  publicInstitute,
  publishedFormOr404,
  type ApplicantRow,
} from './public-read.ts'
import { documented } from '../../lib/openapi/documented.ts'
import {
  PublicFormListSchema,
  PublicAdmissionFormSchema,
} from '../../../shared/schemas/admission-forms.ts'
import { PublicApplicationSchema } from '../../../shared/schemas/admission-applications.ts'

/** How much one client may do; every limit is per IP except those per application. */
export interface PublicAdmissionLimits {
  /** Any public admission request. */
  requests?: RateWindow
  /** New applications, counted by distinct Idempotency-Key: a retry of a key is free. */
  applications?: RateWindow
  /** Attachment uploads. */
  uploads?: RateWindow
  /** Wrong phone numbers or dates of birth per application before its uploads answer 429. */
  confirmFailures?: RateWindow
  /** Messages with the link to an application, per application. */
  linkMessages?: RateWindow
  now?: () => number
}

const defaults = {
  requests: { limit: 300, windowMs: 60_000 },
  // Generous: families behind one address (school Wi-Fi, a carrier's NAT) apply on one day.
  applications: { limit: 100, windowMs: 60 * 60_000 },
  uploads: { limit: 60, windowMs: 60_000 },
  confirmFailures: { limit: 5, windowMs: 15 * 60_000 },
  linkMessages: { limit: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, RateWindow>

/**
 * Distinct keys per client in a fixed window: the n+1st new key answers 429, a key already
 * counted passes again. Kept in memory like the other limits (one process).
 */
class DistinctKeyLimit {
  private windows = new Map<string, { start: number; keys: Set<string> }>()

  constructor(
    private readonly opts: RateWindow,
    private readonly now: () => number,
  ) {}

  take(client: string, key: string): void {
    const t = this.now()
    let w = this.windows.get(client)
    if (!w || t - w.start >= this.opts.windowMs) {
      if (this.windows.size > 10_000) this.windows.clear()
      w = { start: t, keys: new Set() }
      this.windows.set(client, w)
    }
    if (w.keys.has(key)) return
    if (w.keys.size >= this.opts.limit) {
      throw tooManyRequests(Math.max(1, Math.ceil((w.start + this.opts.windowMs - t) / 1000)))
    }
    w.keys.add(key)
  }
}

/**
 * What a retry must repeat: the form and the submission as validated (trimmed, defaults
 * filled, unanswered questions left out), whatever the order of its keys. Validated with the
 * form-independent schema, so an honest retry still matches after staff have edited the form.
 */
function payloadHash(formId: string, body: v.InferOutput<typeof SubmitApplicationSchema>) {
  const answers = Object.fromEntries(
    Object.entries(body.answers)
      .map(([id, answer]) => [id, answer.trim()] as const)
      .filter(([, answer]) => answer !== ''),
  )
  return fingerprintOf({ formId, fields: body.fields, answers })
}

/**
 * Inserts the application with a short reference not yet taken in the institute: a taken one
 * (two applicants drew the same) is drawn again. A clash on the idempotency key still fails, as
 * withIdempotency expects.
 */
async function insertWithShortReference(
  tx: Db,
  slug: string,
  year: string,
  values: Omit<typeof applicants.$inferInsert, 'shortReference'>,
): Promise<ApplicantRow> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [row] = await tx
      .insert(applicants)
      .values({ ...values, shortReference: newShortReference(slug, year) })
      .onConflictDoNothing({ target: [applicants.instituteId, applicants.shortReference] })
      .returning()
    if (row) return row
  }
  throw new Error(`no free short reference for ${slug} in ${year}`)
}

/** An application as submitted, with its form when this request just read it. */
interface Submitted {
  row: ApplicantRow
  form?: FormRow
}

async function applicantByKey(db: Db, instituteId: string, key: string) {
  const [row] = await db
    .select()
    .from(applicants)
    .where(and(eq(applicants.instituteId, instituteId), eq(applicants.idempotencyKey, key)))
  return row
}

/**
 * The applicant side, open to anyone: an institute's forms, submission, the application by its
 * temporaryId and (public-attachments.ts) its attachments. A factory, so each app keeps its own
 * limits.
 */
export const publicAdmissionRoutes = (limits: PublicAdmissionLimits = {}) => {
  const now = limits.now ?? Date.now
  const requests = limits.requests ?? defaults.requests
  const newApplications = new DistinctKeyLimit(limits.applications ?? defaults.applications, now)

  return new Hono<AppEnv>()
    .use(rateLimit({ name: 'admission', ...requests, now }))

    .get('/:institute', documented({ answers: PublicFormListSchema }))
    .get('/:institute', async (c) => {
      const institute = await instituteOr404(c)
      const today = todayIn(institute.timezone)
      const forms =
        institute.status !== 'active'
          ? []
          : await selectForms(
              c.var.database.db,
              and(
                eq(admissionForms.instituteId, institute.id),
                eq(admissionForms.published, true),
                eq(admissionForms.closed, false),
                lte(admissionForms.opensOn, today),
                gte(admissionForms.closesOn, today),
              ),
            ).orderBy(
              asc(admissionForms.closesOn),
              asc(admissionForms.title),
              asc(admissionForms.id),
            )
      return c.json<PublicFormList>({
        institute: publicInstitute(institute),
        forms: forms.map((f) => ({
          id: f.id,
          title: f.title,
          academicSession: f.academicSession,
          className: f.className,
          groupName: f.groupName,
          closesOn: f.closesOn,
          fee: f.fee,
        })),
      })
    })

    .get('/:institute/forms/:formId', documented({ answers: PublicAdmissionFormSchema }))
    .get('/:institute/forms/:formId', async (c) => {
      const institute = await instituteOr404(c)
      const form = await publishedFormOr404(c, institute)
      const shown = publicForm(form, publicInstitute(institute), todayIn(institute.timezone))
      return c.json({ ...shown, accepting: shown.accepting && institute.status === 'active' })
    })

    .post(
      '/:institute/forms/:formId/applications',
      documented({ body: SubmitApplicationSchema, idempotencyKey: 'required', status: [201, 200] }),
    )
    .post('/:institute/forms/:formId/applications', async (c) => {
      const key = idempotencyKey(c, { required: true })
      const institute = await instituteOr404(c)
      const raw = await readJson(c, JsonObjectSchema)
      const formId = c.req.param('formId')
      const db = c.var.database.db

      /** The form, taking applications, and the submission valid for it. */
      const admitted = async () => {
        const form = await publishedFormOr404(c, institute)
        if (institute.status !== 'active') throw conflict('admissions_closed')
        if (!isAccepting(form, todayIn(institute.timezone))) {
          throw conflict('form_not_accepting')
        }
        newApplications.take(clientIp(c), key)
        return { form, body: parseOrThrow(applicationSchemaFor(formBody(form)), raw) }
      }

      const generic = v.safeParse(SubmitApplicationSchema, raw)
      if (!generic.success) {
        await admitted()
        // The form's schema is the stricter: whatever passes it passes the general one.
        throw validationFailed(issuesToDetails(generic.issues))
      }

      const hash = payloadHash(formId, generic.output)
      // A retry answers from what was stored, even if the form has closed or changed since.
      const { answer, replayed } = await withIdempotency<Submitted>(
        {
          key,
          fingerprint: hash,
          find: async (key) => {
            const row = await applicantByKey(db, institute.id, key)
            return row && { fingerprint: row.payloadHash, answer: { row } }
          },
          subject: 'application',
        },
        async () => {
          const { form, body } = await admitted()
          const { fields, answers } = body
          // One row per key, however many arrive at once: the others read this one's.
          const row = await db.transaction(async (tx) => {
            const year = todayIn(institute.timezone).slice(0, 4)
            const created = await insertWithShortReference(tx, institute.slug, year, {
              instituteId: institute.id,
              formId: form.id,
              temporaryId: newTemporaryId(),
              // The fee is paid online in a later step; until then the application waits for it.
              status: form.fee > 0 ? 'fee_due' : 'submitted',
              applicantName: fields.applicantName,
              phone: fields.phone,
              email: fields.email,
              dateOfBirth: fields.dateOfBirth || null,
              fields,
              answers,
              fee: form.fee,
              idempotencyKey: key,
              payloadHash: hash,
            })
            await writeAudit(tx, {
              area: 'admission',
              action: 'submit',
              entity: 'applicant',
              entityId: created.id,
              instituteId: institute.id,
              userId: null,
              after: {
                temporaryId: created.temporaryId,
                shortReference: created.shortReference,
                form: form.title,
                applicantName: created.applicantName,
                status: created.status,
                fee: created.fee,
              },
              ...requestInfo(c),
            })
            return created
          })
          return { row, form }
        },
      )
      return c.json(
        await publicApplication(db, answer.row, institute, answer.form),
        replayed ? 200 : 201,
      )
    })

    .get('/:institute/applications/:temporaryId', documented({ answers: PublicApplicationSchema }))
    .get('/:institute/applications/:temporaryId', async (c) => {
      const institute = await instituteOr404(c)
      const row = await applicantOr404(c, institute)
      return c.json(await publicApplication(c.var.database.db, row, institute))
    })

    .route(
      '/',
      publicAttachmentRoutes({
        uploads: limits.uploads ?? defaults.uploads,
        confirmFailures: limits.confirmFailures ?? defaults.confirmFailures,
        now,
      }),
    )
    .route(
      '/',
      publicSendLinkRoutes({ linkMessages: limits.linkMessages ?? defaults.linkMessages, now }),
    )
}
