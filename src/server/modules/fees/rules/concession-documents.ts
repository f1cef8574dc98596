import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { sniffType } from '../../../../shared/file-type.ts'
import {
  attachmentTypes,
  maxAttachmentBytes,
  type AttachmentType,
} from '../../../../shared/schemas/admission-forms.ts'
import type { Concession } from '../../../../shared/schemas/fee-rules.ts'
import type { AppEnv } from '../../../app-env.ts'
import { concessions } from '../../../db/schema/fee-rules.ts'
import { audit } from '../../../lib/audit.ts'
import { requireAuth, requirePermission } from '../../../lib/auth.ts'
import {
  ApiException,
  badRequest,
  conflict,
  notFound,
  refuse,
  validationFailed,
} from '../../../lib/errors.ts'
import { rowKey } from '../../../db/tenant-rows.ts'
import { pathId } from '../../../lib/ids.ts'
import { documented } from '../../../lib/openapi/documented.ts'

/*
 * /fees/concessions/:id/document: the document supporting a concession request (a PDF or an
 * image, up to the attachments' 10 MB), attached while it is requested and shown to whoever
 * reads concessions — the approver first. Checked as an applicant's attachments are
 * (file-check.ts: an image encoded again without its metadata, a PDF parsed within limits) and
 * kept in the same file storage; served as a sandboxed document of its own type.
 */

/** `PUT /api/fees/concessions/:id/document`: allowed the attachments' larger body. */
export const concessionDocumentPath = /^\/api\/fees\/concessions\/[^/]+\/document$/

const extensions: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

/** The name as sent, as a label only: path-like or control characters give a plain one. */
function labelOf(name: string, type: AttachmentType): string {
  const kept = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/["<>:*?|;/\\]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
  return kept && !kept.includes('..') ? kept : `document.${extensions[type]}`
}

async function checked(bytes: Uint8Array, type: AttachmentType) {
  const { checkedContent, FileRefused } = await import('../../../lib/file-check.ts')
  try {
    return await checkedContent(bytes, type)
  } catch (err) {
    if (!(err instanceof FileRefused)) throw err
    throw new ApiException(422, err.code, undefined, { fields: { file: [{ code: err.code }] } })
  }
}

async function concessionOf(c: Context<AppEnv>) {
  const id = pathId(c.req.param('concessionId'), 'concession_not_found')
  const [row] = await c.var.database.db
    .select()
    .from(concessions)
    .where(and(eq(concessions.instituteId, c.var.auth.instituteId), eq(concessions.id, id)))
  if (!row) throw notFound('concession_not_found')
  return row
}

/** `inline; filename="…"` with a plain-ASCII fallback and the exact name. */
const disposition = (fileName: string) =>
  `inline; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`

export const concessionDocumentRoutes = new Hono<AppEnv>()
  .put('/:concessionId/document', documented({ upload: 'application/octet-stream' }))
  .put(
    '/:concessionId/document',
    requireAuth(),
    requirePermission('create', 'student-concessions'),
    async (c) => {
      const row = await concessionOf(c)
      if (row.status !== 'requested') throw conflict('concession_not_requested')
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'multipart/form-data') throw badRequest('upload_media_type')
      let parts: Record<string, string | File>
      try {
        parts = await c.req.parseBody()
      } catch {
        throw badRequest('malformed_body')
      }
      const file = parts.file
      if (!(file instanceof File)) throw validationFailed({ file: 'file_required' })
      if (file.size === 0) throw validationFailed({ file: 'file_empty' })
      if (file.size > maxAttachmentBytes) throw refuse(413, 'payload_too_large')
      const bytes = new Uint8Array(await file.arrayBuffer())
      const sniffed = sniffType(bytes)
      if (!sniffed || !attachmentTypes.includes(sniffed)) {
        throw validationFailed({ file: 'file_type' })
      }
      const stored = await checked(bytes, sniffed)
      if (stored.length > maxAttachmentBytes) throw validationFailed({ file: 'file_too_large' })
      const { database, services, auth } = c.var
      const key = `concessions/${auth.instituteId}/${row.id}/${randomUUID()}`
      const name = labelOf(file.name, sniffed)
      await services.files.put(key, stored)
      let replaced: string | null
      try {
        replaced = await database.db.transaction(async (tx) => {
          const [locked] = await tx
            .select()
            .from(concessions)
            .where(rowKey(concessions, row.instituteId, row.id))
            .for('update')
          if (locked!.status !== 'requested') throw conflict('concession_not_requested')
          await tx
            .update(concessions)
            .set({
              documentKey: key,
              documentName: name,
              documentType: sniffed,
              updatedAt: new Date(),
            })
            .where(rowKey(concessions, row.instituteId, row.id))
          await audit(c, tx, {
            area: 'fees',
            action: 'upload',
            entity: 'concession',
            entityId: row.id,
            before: locked!.documentKey ? { documentName: locked!.documentName } : null,
            after: { documentName: name, documentType: sniffed, size: stored.length },
          })
          return locked!.documentKey
        })
      } catch (err) {
        await services.files.delete(key).catch(() => undefined)
        throw err
      }
      if (replaced) await services.files.delete(replaced).catch(() => undefined)
      return c.json<Pick<Concession, 'id' | 'documentName'>>({ id: row.id, documentName: name })
    },
  )

  .get('/:concessionId/document', documented({ media: 'application/octet-stream' }))

  .get(
    '/:concessionId/document',
    requireAuth(),
    requirePermission('read', 'student-concessions'),
    async (c) => {
      const row = await concessionOf(c)
      const bytes = row.documentKey && (await c.var.services.files.get(row.documentKey))
      if (!bytes) throw notFound('concession_document_not_found')
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': row.documentType ?? 'application/octet-stream',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': disposition(row.documentName ?? 'document'),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
    },
  )
