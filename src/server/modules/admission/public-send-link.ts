import { Hono } from 'hono'
import { notices } from '../../../shared/messages/notices.ts'
import {
  SendApplicationLinkSchema,
  type SentApplicationLink,
} from '../../../shared/schemas/admission-applications.ts'
import type { AppEnv } from '../../app-env.ts'
import { validationFailed } from '../../lib/errors.ts'
import { localeOf, textIn } from '../../lib/messages.ts'
import { enqueueMessage } from '../../lib/outbox.ts'
import { rateLimit, type RateWindow } from '../../lib/rate-limit.ts'
import { readJson } from '../../lib/validate.ts'
import { maskEmail, maskPhone } from '../../lib/mask.ts'
import { applicantOr404, instituteOr404 } from './public-read.ts'
import { applicationPagePath } from '../../../shared/public-pages.ts'
import { publicUrl } from '../../lib/public-url.ts'
import { documented } from '../../lib/openapi/documented.ts'

/**
 * "Send me the link": the address of an application, by SMS to the phone or by email to the
 * address given on it (never to one the caller names), in the language the page is shown in.
 * Whoever holds the temporaryId may ask; the messages an application gets are limited, so
 * nobody can flood an applicant's phone with them. Mounted by publicAdmissionRoutes.
 */
export const publicSendLinkRoutes = (limits: {
  /** Messages per application, whoever asks. */
  linkMessages: RateWindow
  now: () => number
}) =>
  new Hono<AppEnv>()
    .post(
      '/:institute/applications/:temporaryId/send-link',
      documented({ body: SendApplicationLinkSchema }),
    )
    .post(
      '/:institute/applications/:temporaryId/send-link',
      rateLimit({
        name: 'send-link',
        ...limits.linkMessages,
        now: limits.now,
        key: (c) => `send-link:${c.req.param('institute')}:${c.req.param('temporaryId')}`,
      }),
      async (c) => {
        const institute = await instituteOr404(c)
        const applicant = await applicantOr404(c, institute)
        const { channel } = await readJson(c, SendApplicationLinkSchema)
        const recipient = channel === 'email' ? applicant.email : applicant.phone
        if (!recipient) throw validationFailed({ channel: 'application_no_email' })

        const link = publicUrl(
          c,
          applicationPagePath(institute.slug, applicant.formId, applicant.temporaryId),
        )
        const locale = localeOf(c.req.header('accept-language'))
        const values = { institute: institute.name, reference: applicant.shortReference, link }
        const { database, services } = c.var
        await enqueueMessage(database.db, {
          instituteId: institute.id,
          channel,
          recipient,
          subject: textIn(locale, notices.applicationLinkSubject, values),
          body: textIn(locale, notices.applicationLinkBody, values),
        })
        services.outbox.kick()
        return c.json<SentApplicationLink>(
          { channel, recipient: channel === 'email' ? maskEmail(recipient) : maskPhone(recipient) },
          202,
        )
      },
    )
