import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'

/** `PUT …/applications/:temporaryId/attachments/:kind`: allowed a larger body than JSON. */
export const attachmentUploadPath = /^\/api\/admission\/public\/[^/]+\/applications\/[^/]+\/attachments\/[^/]+$/

/** The applicant side, open to anyone: institute forms, submission, the application by its key. */
export const publicAdmissionRoutes = () => new Hono<AppEnv>()
