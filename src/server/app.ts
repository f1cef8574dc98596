import { groupInvoiceJob } from './modules/fees/group-invoicing/group-invoice-job.ts'
import { groupInvoiceRoutes } from './modules/fees/group-invoicing/group-invoice.ts'
import { invoiceRoutes } from './modules/fees/invoices/invoices.ts'
import { invoicePrintSettingsRoutes } from './modules/fees/printing/invoice-print-settings.ts'
import { invoicePrintRoutes } from './modules/fees/printing/invoice-prints.ts'
import { fineWaiverRoutes } from './modules/fees/rules/fine-waivers.ts'
import { counterRoutes } from './modules/collection/counter.ts'
import { counterSettingsRoutes } from './modules/collection/counter-settings.ts'
import { paymentRoutes } from './modules/collection/payments.ts'
import { dayRoutes } from './modules/collection/days.ts'
import { applicantFeeRoutes } from './modules/collection/applicant-fees.ts'
import { advanceRoutes } from './modules/collection/advances.ts'
import {
  publicReceiptRoutes,
  type PublicReceiptLimits,
} from './modules/collection/public-receipts.ts'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { maxAttachmentBytes } from '../shared/schemas/admission-forms.ts'
import { importMaxBytes } from '../shared/schemas/student-imports.ts'
import type { ApiError } from '../shared/schemas/api-error.ts'
import type { AppEnv, Services } from './app-env.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { guards } from './lib/auth.ts'
import { JobRunner, type RunnerOptions } from './lib/jobs/runner.ts'
import { ApiException, databaseRefusal, Moved, notFound, refusalBody } from './lib/errors.ts'
import { createLogger, errorDetail, type Logger } from './lib/logger.ts'
import { setPasswordHashCost } from './lib/password.ts'
import { publicPages } from './lib/public-pages.ts'
import { securityHeaders } from './lib/security-headers.ts'
import { serveBuiltClient } from './lib/static-files.ts'
import { OutboxDispatcher, transportsFor, type Transport, type Channel } from './lib/outbox.ts'
import { storageFor, type FileStorage } from './lib/storage.ts'
import { FailureThrottle } from './lib/throttle.ts'
import { auditRoutes } from './modules/access/audits.ts'
import { roleRoutes } from './modules/access/roles.ts'
import { userRoutes } from './modules/access/users.ts'
import { accountRoutes } from './modules/accounting/accounts.ts'
import { calendarRoutes } from './modules/accounting/calendar.ts'
import { coaConfigRoutes } from './modules/accounting/coa-config.ts'
import { coaMappingRoutes } from './modules/accounting/coa-mapping.ts'
import { moneyAccountRoutes } from './modules/accounting/money-accounts.ts'
import { reportRoutes } from './modules/accounting/reports.ts'
import { voucherRoutes } from './modules/accounting/vouchers.ts'
import { admissionFormRoutes } from './modules/admission/forms.ts'
import { applicantRoutes } from './modules/admission/applicants.ts'
import { publicAdmissionRoutes, type PublicAdmissionLimits } from './modules/admission/public.ts'
import { applicantFeeDepositRoutes } from './modules/admission/applicant-fee-deposit.ts'
import { attachmentUploadPath } from './modules/admission/public-attachments.ts'
import { platformInstituteRoutes } from './modules/institutes/platform-institutes.ts'
import { campusRoutes } from './modules/institutes/campuses.ts'
import { publicLogoRoutes } from './modules/institutes/logo.ts'
import { oldSlugPages } from './modules/institutes/old-slugs.ts'
import { instituteSettingsRoutes } from './modules/institutes/settings.ts'
import { academicSessionRoutes } from './modules/institutes/academic-sessions.ts'
import { classRoutes } from './modules/institutes/classes.ts'
import { groupRoutes } from './modules/institutes/groups.ts'
import { sectionRoutes } from './modules/institutes/sections.ts'
import { shiftRoutes } from './modules/institutes/shifts.ts'
// Fee rules (issue 17: VAT, fines, concessions).
import { concessionRoutes } from './modules/fees/rules/concessions.ts'
import {
  concessionDocumentPath,
  concessionDocumentRoutes,
} from './modules/fees/rules/concession-documents.ts'
import { concessionSiblingRoutes } from './modules/fees/rules/concession-siblings.ts'
import { fineRuleRoutes } from './modules/fees/rules/fine-rules.ts'
import { vatRateRoutes } from './modules/fees/rules/vat-rates.ts'
import { promotionJobKind } from './modules/students/promotion-job.ts'
import { promotionRoutes } from './modules/students/promotions.ts'
import { studentRoutes } from './modules/students/students.ts'
import { studentExportRoutes } from './modules/students/export.ts'
import { studentImportJob } from './modules/students/import-job.ts'
import { studentImportTemplateRoutes } from './modules/students/import-template.ts'
import { studentImportRoutes } from './modules/students/imports.ts'
import { impersonationRoutes } from './modules/auth/impersonation.ts'
import { loginRoutes } from './modules/auth/login.ts'
import { passwordRoutes } from './modules/auth/password.ts'
import { recoveryRoutes } from './modules/auth/recovery.ts'
import { feeStructureRoutes } from './modules/fees/setup/structure.ts'
import { feeHeadRoutes } from './modules/fees/setup/fee-heads.ts'
import { incomeAccountRoutes } from './modules/fees/setup/income-accounts.ts'
import { paymentCycleRoutes } from './modules/fees/setup/payment-cycles.ts'
import { feeConfigRoutes } from './modules/fees/setup/fee-configs.ts'
import { feeOverrideRoutes } from './modules/fees/setup/fee-overrides.ts'
import { registerRoutes } from './modules/auth/register.ts'
import { sessionRoutes } from './modules/auth/sessions.ts'
import { Counters } from './lib/counters.ts'
import { SignInThrottle } from './modules/auth/sign-in-throttle.ts'
import { loadSigningKey, TokenService } from './modules/auth/token-service.ts'
import { clientErrorRoutes } from './modules/system/client-errors.ts'
import { healthRoutes, readyRoutes } from './modules/system/health.ts'
import { jobRoutes } from './modules/system/jobs.ts'
import { versionRoutes } from './modules/system/version.ts'
import {
  endpointsOf,
  publicEndpoints,
  selfServicePrefix,
  type RouteLike,
} from './public-endpoints.ts'

export interface AppDeps {
  db: Database
  config: Config
  log?: Logger
  /** Where messages go; by default SMTP/HTTP when configured, else the console. */
  transports?: Record<Channel, Transport>
  /** Where uploads go; by default a folder under DATA_DIR. */
  files?: FileStorage
  /** Rate limits of the public admission endpoints; tests pass their own. */
  publicAdmission?: PublicAdmissionLimits
  /** The rate limit of the public receipt verification; tests pass their own. */
  publicReceipts?: PublicReceiptLimits
  /** The job runner's lease, poll and backoff; tests pass their own. */
  jobs?: RunnerOptions
}

/** The whole HTTP surface: the API under /api and, when built, the PWA from the same origin. */
export function createApp({
  db,
  config,
  log = createLogger(config.logLevel),
  transports = transportsFor(config),
  files = storageFor(config.dataDir),
  publicAdmission,
  publicReceipts,
  jobs,
}: AppDeps) {
  setPasswordHashCost(config.passwordHashCost)
  const app = new Hono<AppEnv>()
  const counters = new Counters(db.db)
  const services: Services = {
    tokens: new TokenService(() => loadSigningKey(db.db, config.jwtSecret)),
    outbox: new OutboxDispatcher(db.db, transports, log),
    counters,
    lifecycle: { stopping: false },
    throttle: new FailureThrottle(counters, 15 * 60_000),
    signIns: new SignInThrottle(counters),
    files,
    // Areas register their job kinds on it here, as they land: services.jobs.register(kind).
    jobs: new JobRunner(db.db, log, jobs),
  }
  services.jobs.register(promotionJobKind)
  services.jobs.register(studentImportJob)
  services.jobs.register(groupInvoiceJob)

  app.use(async (c, next) => {
    const started = performance.now()
    c.set('config', config)
    c.set('database', db)
    c.set('log', log)
    c.set('services', services)
    await next()
    log.info('request', {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use(securityHeaders())

  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    await next()
    // A route may allow caching (the public logo, whose address changes with it).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })
  // The rest of the body is left unread, so the connection cannot carry another request:
  // saying so lets a keep-alive client open a new one instead of failing on this one.
  const tooLarge = (c: Context) =>
    c.json<ApiError>(refusalBody(new ApiException(413, 'payload_too_large')), 413, {
      Connection: 'close',
    })
  const jsonLimit = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge })
  // An attachment upload may be larger; its own route checks it against the form's limit.
  const uploadLimit = bodyLimit({ maxSize: maxAttachmentBytes + 64 * 1024, onError: tooLarge })
  // A student list to import may be larger still, up to its own limit.
  const importLimit = bodyLimit({
    maxSize: importMaxBytes + 64 * 1024,
    onError: (c) =>
      c.json<ApiError>(
        refusalBody(
          new ApiException(413, 'import_file_too_large', { max: importMaxBytes / 1024 / 1024 }),
        ),
        413,
        { Connection: 'close' },
      ),
  })
  api.use((c, next) =>
    c.req.method === 'PUT' &&
    (attachmentUploadPath.test(c.req.path) || concessionDocumentPath.test(c.req.path))
      ? uploadLimit(c, next)
      : c.req.method === 'POST' && c.req.path === '/api/students/imports'
        ? importLimit(c, next)
        : jsonLimit(c, next),
  )
  api.route('/health', healthRoutes)
  api.route('/ready', readyRoutes)
  api.route('/version', versionRoutes)
  api.route('/client-errors', clientErrorRoutes())
  // Routes below verify tokens: the signing key is loaded before any of their transactions.
  api.use('*', async (_c, next) => {
    await services.tokens.ready()
    await next()
  })
  api.route('/auth/login', loginRoutes)
  api.route('/auth/impersonate', impersonationRoutes)
  api.route('/auth/register', registerRoutes())
  api.route('/auth', sessionRoutes)
  api.route('/auth', passwordRoutes)
  api.route('/auth', recoveryRoutes())
  api.route('/access/users', userRoutes)
  api.route('/access/roles', roleRoutes)
  api.route('/access/audits', auditRoutes)
  api.route('/accounting/accounts', accountRoutes)
  api.route('/accounting/coa-config', coaConfigRoutes)
  api.route('/accounting/coa-mapping', coaMappingRoutes)
  api.route('/accounting/vouchers', voucherRoutes)
  api.route('/accounting/money-accounts', moneyAccountRoutes)
  api.route('/accounting/calendar', calendarRoutes)
  api.route('/accounting', reportRoutes)
  api.route('/institutes/academic-sessions', academicSessionRoutes)
  api.route('/institutes/classes', classRoutes)
  api.route('/institutes/groups', groupRoutes)
  api.route('/institutes/sections', sectionRoutes)
  api.route('/institutes/shifts', shiftRoutes)
  api.route('/students/promotions', promotionRoutes)
  // Before any `/students/:studentId`, which these fixed paths would otherwise match.
  api.route('/students/imports', studentImportRoutes)
  api.route('/students', studentImportTemplateRoutes)
  api.route('/students', studentExportRoutes)
  api.route('/students', studentRoutes)
  api.route('/admission/forms', admissionFormRoutes)
  api.route('/admission/applicants', applicantRoutes)
  api.route('/admission/public', publicAdmissionRoutes(publicAdmission))
  api.route('/admission/applicants', applicantFeeDepositRoutes)
  api.route('/fees/invoices', invoiceRoutes)
  api.route('/fees/invoices', fineWaiverRoutes)
  api.route('/collection/counter-settings', counterSettingsRoutes)
  api.route('/collection', counterRoutes)
  api.route('/collection/payments', paymentRoutes)
  api.route('/collection/days', dayRoutes)
  api.route('/collection/advances', advanceRoutes)
  api.route('/collection/applicant-fees', applicantFeeRoutes)
  api.route('/collection/public/receipts', publicReceiptRoutes(publicReceipts))
  api.route('/fees/group-invoice', groupInvoiceRoutes)
  api.route('/fees/invoice-print-settings', invoicePrintSettingsRoutes)
  api.route('/fees/invoice-prints', invoicePrintRoutes)
  api.route('/jobs', jobRoutes)
  // Fee rules (issue 17: VAT, fines, concessions).
  api.route('/fees/vat-rates', vatRateRoutes)
  api.route('/fees/fine-rules', fineRuleRoutes)
  api.route('/fees/concessions', concessionRoutes)
  api.route('/fees/concessions', concessionSiblingRoutes)
  api.route('/fees/concessions', concessionDocumentRoutes)
  api.route('/platform/institutes', platformInstituteRoutes)
  api.route('/institutes/settings', instituteSettingsRoutes)
  api.route('/institutes/campuses', campusRoutes)
  api.route('/fees/structure', feeStructureRoutes)
  api.route('/fees/heads', feeHeadRoutes)
  api.route('/fees/income-accounts', incomeAccountRoutes)
  api.route('/fees/payment-cycles', paymentCycleRoutes)
  api.route('/fees/configs', feeConfigRoutes)
  api.route('/fees/overrides', feeOverrideRoutes)
  api.route('/institutes/logo', publicLogoRoutes)
  api.all('*', (c) => c.json<ApiError>(refusalBody(notFound()), 404))
  app.route('/api', api)

  app.use(oldSlugPages())
  if (config.staticDir) {
    app.use(publicPages(app, config.staticDir))
    app.use(serveBuiltClient(config.staticDir))
  }
  app.notFound((c) => c.json<ApiError>(refusalBody(notFound()), 404))

  app.onError((err, c) => {
    if (err instanceof Moved) return c.redirect(err.location, err.status)
    const refusal = err instanceof ApiException ? err : databaseRefusal(err)
    if (refusal) {
      for (const [k, v] of Object.entries(refusal.extra.headers ?? {})) c.header(k, v)
      return c.json<ApiError>(refusalBody(refusal), refusal.status)
    }
    const status = (err as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      // Hono's own HTTP errors (e.g. a body over the size limit) carry a safe status.
      return c.json<ApiError>({ message: err.message }, status as ContentfulStatusCode)
    }
    log.error('unhandled error', { path: loggedPath(c.req.path), err: errorDetail(err) })
    return c.json<ApiError>(refusalBody(new ApiException(500, 'internal')), 500)
  })

  assertEveryEndpointGuarded(app.routes)
  return Object.assign(app, { services })
}

/**
 * An applicant's tracking id opens their application, a receipt's code its verification: they
 * never go into the logs.
 */
const loggedPath = (path: string) =>
  path
    .replace(/(\/applications\/)[^/]+/, '$1[temporaryId]')
    .replace(/^(\/receipt\/verify\/|\/api\/collection\/public\/receipts\/)[^/]+/, '$1[code]')

/** An endpoint that forgot its guard stops the app from starting instead of opening a hole. */
function assertEveryEndpointGuarded(routes: readonly RouteLike[]) {
  for (const [endpoint, handlers] of endpointsOf(routes)) {
    if (publicEndpoints.has(endpoint)) continue
    const declared = handlers.flatMap((h) => guards.get(h) ?? [])
    const signedIn = declared.some((g) => g.kind === 'signedIn')
    const permitted = declared.some((g) => g.kind !== 'signedIn')
    const selfService = endpoint.split(' ')[1]!.startsWith(selfServicePrefix)
    if (!signedIn || !(permitted || selfService)) {
      throw new Error(`${endpoint} is neither public nor guarded by a permission`)
    }
  }
}
