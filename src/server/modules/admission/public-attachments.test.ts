import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { PublicApplication } from '../../../shared/schemas/admission-applications.ts'
import { auditLog } from '../../db/schema/access.ts'
import { applicants } from '../../db/schema/admission.ts'
import {
  base,
  client,
  files,
  images,
  kb,
  nextIp,
  pdf,
  publicAdmissionSuite,
  type Institute,
} from '../../test-support/public-admission.ts'
import type { TestApp } from '../../test-support/test-app.ts'

describe('public admission', () => {
  let t: TestApp
  let demo: Institute
  const { api, applied, attachmentRows, storedBytes, appWith } = publicAdmissionSuite(
    (s) => ({ t, demo } = s),
  )

  describe('attachments', () => {
    it('takes a JPEG, a PNG and a PDF, decided by their bytes, and stores them by a key of its own', async () => {
      const temporaryId = await applied()
      const jpeg = await images.jpeg()
      const res = await api.upload(
        temporaryId,
        'photo',
        { bytes: jpeg, name: 'me at the beach.JPG', type: 'image/jpeg' },
        '+880 1711-000111',
      )
      expect(res.status).toBe(200)
      const [row] = await attachmentRows(temporaryId)
      expect(await res.json()).toMatchObject({
        kind: 'photo',
        fileName: 'me at the beach.JPG',
        contentType: 'image/jpeg',
        size: row!.size,
      })
      const [applicant] = await t.database.db
        .select()
        .from(applicants)
        .where(eq(applicants.temporaryId, temporaryId))
      expect(row!.storageKey).toMatch(
        new RegExp(`^admission/${demo.id}/${applicant!.id}/[0-9a-f-]{36}$`),
      )
      // The photo, encoded again.
      const stored = await storedBytes(row!)
      expect(await sharp(stored).metadata()).toMatchObject({
        format: 'jpeg',
        width: 24,
        height: 16,
      })

      // A PNG for the photo, whatever type the browser claimed for it.
      const png = await api.upload(
        temporaryId,
        'photo',
        { bytes: images.png(), name: 'photo.png', type: 'application/octet-stream' },
        '2015-03-14',
      )
      expect(await png.json()).toMatchObject({ contentType: 'image/png' })
      // Larger than a JSON body may be: the upload route has its own limit.
      const size = 2 * 1024 * kb
      const certificate = pdf({
        objects: [`<< /Length ${size} >>\nstream\n${' '.repeat(size)}\nendstream`],
      })
      const sentPdf = await api.upload(
        temporaryId,
        'birth-certificate',
        { bytes: certificate, name: 'birth "certificate".pdf' },
        '2015-03-14',
      )
      expect(sentPdf.status).toBe(200)
      expect(await sentPdf.json()).toMatchObject({
        contentType: 'application/pdf',
        fileName: 'birth _certificate_.pdf',
      })
      // A PDF is kept as sent.
      const rows = await attachmentRows(temporaryId)
      expect(await storedBytes(rows.find((r) => r.kind === 'birth-certificate')!)).toEqual(
        certificate,
      )

      const shown = (await (
        await api.get(`/demo-school/applications/${temporaryId}`)
      ).json()) as PublicApplication
      expect(shown.attachments.map((a) => [a.kind, a.contentType])).toEqual([
        ['birth-certificate', 'application/pdf'],
        ['photo', 'image/png'],
      ])
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, applicant!.id), eq(auditLog.action, 'upload_attachment')))
      expect(audit).toMatchObject({ area: 'admission', userId: null, instituteId: demo.id })
    })

    it('refuses a file of another type than it claims, too large, empty or of an unknown kind', async () => {
      const temporaryId = await applied()
      const phone = '+880 1711 000 111'
      const fake = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.text(), name: 'photo.jpg', type: 'image/jpeg' },
        phone,
      )
      expect(fake.status).toBe(422)
      expect(await fake.json()).toMatchObject({
        errors: { file: ['This type of file is not accepted here.'] },
        fields: { file: [{ code: 'file_type' }] },
      })
      // A real PDF, but the photo takes only images.
      const pdf = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.pdf(), name: 'a.pdf' },
        phone,
      )
      expect(pdf.status).toBe(422)

      const large = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.jpeg(10 * kb + 1), name: 'large.jpg' },
        phone,
      )
      expect(large.status).toBe(422)
      expect(await large.json()).toMatchObject({ errors: { file: ['This file is too large.'] } })

      const huge = await api.upload(
        temporaryId,
        'birth-certificate',
        { bytes: files.pdf(10 * 1024 * kb + 100 * kb), name: 'huge.pdf' },
        phone,
      )
      expect(huge.status).toBe(413)
      expect(await huge.json()).toMatchObject({ code: 'payload_too_large' })

      const empty = await api.upload(
        temporaryId,
        'photo',
        { bytes: new Uint8Array(), name: 'e.jpg' },
        phone,
      )
      expect(empty.status).toBe(422)
      expect(await empty.json()).toMatchObject({ errors: { file: ['This file is empty.'] } })
      const none = await api.upload(temporaryId, 'photo', undefined, phone)
      expect(await none.json()).toMatchObject({ errors: { file: ['Choose a file.'] } })

      const unknown = await api.upload(
        temporaryId,
        'passport',
        { bytes: files.jpeg(), name: 'p.jpg' },
        phone,
      )
      expect(unknown.status).toBe(422)
      expect(await unknown.json()).toMatchObject({
        errors: { kind: expect.any(Array) },
        fields: { kind: [{ code: 'attachment_kind_unknown' }] },
      })

      const notMultipart = await api.get(`/demo-school/applications/${temporaryId}`)
      expect(notMultipart.status).toBe(200)
      const json = await t.app.request(
        `${base}/demo-school/applications/${temporaryId}/attachments/photo`,
        { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' },
      )
      expect(json.status).toBe(400)

      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('refuses a file name that tries to be a path, storing nothing', async () => {
      const temporaryId = await applied()
      const stored = async () => attachmentRows(temporaryId)
      for (const name of [
        '../../etc/passwd',
        '..\\..\\windows\\win.ini',
        '/etc/passwd',
        'photo\u0000.jpg',
        'photo\n.jpg',
        '..',
        // Invisible characters between the dots are dropped: the name is '..' once cleaned.
        '.\u200b.',
        '\u200d.\u2060.\ufeff',
        `${'a'.repeat(201)}.jpg`,
      ]) {
        const res = await api.upload(
          temporaryId,
          'photo',
          { bytes: files.jpeg(), name, type: 'image/jpeg' },
          '2015-03-14',
        )
        expect(res.status, JSON.stringify(name)).toBe(400)
        expect(await res.json()).toMatchObject({ code: 'bad_file_name' })
      }
      expect(await stored()).toEqual([])
      const fine = await api.upload(
        temporaryId,
        'photo',
        { bytes: images.jpeg(), name: 'école\u202e.jpg' },
        '2015-03-14',
      )
      expect(await fine.json()).toMatchObject({ fileName: 'école.jpg' })
    })

    it('needs the phone or the date of birth, and locks out after five wrong ones', async () => {
      const temporaryId = await applied()
      const photo = () => ({ bytes: images.jpeg(), name: 'photo.jpg' })
      const missing = await api.upload(temporaryId, 'photo', photo(), undefined)
      expect(missing.status).toBe(422)
      expect(await missing.json()).toMatchObject({ errors: { confirm: expect.any(Array) } })

      // Digits alike, spacing and punctuation aside; or written nationally (0 for +880).
      for (const confirm of [
        '+8801711000111',
        ' 880 (1711) 000 111 ',
        '01711000111',
        '2015-03-14',
      ]) {
        const ok = await api.upload(temporaryId, 'photo', photo(), confirm)
        expect(ok.status, confirm).toBe(200)
      }
      for (let i = 0; i < 5; i++) {
        const wrong = await api.upload(
          temporaryId,
          'photo',
          photo(),
          i % 2 ? '2015-03-15' : '01711000112',
        )
        expect(wrong.status).toBe(403)
        expect(await wrong.json()).toMatchObject({ code: 'confirmation_failed' })
      }
      const locked = await api.upload(temporaryId, 'photo', photo(), '2015-03-14')
      expect(locked.status).toBe(429)
      expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(800)
      // From another address too; other applications are not affected.
      const elsewhere = client(() => t.app)
      expect((await elsewhere.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(429)
      const other = await applied()
      expect((await api.upload(other, 'photo', photo(), '2015-03-14')).status).toBe(200)
    })

    it('refuses a slip in writing the confirmation on its field, without counting it as a guess', async () => {
      const temporaryId = await applied()
      const photo = () => ({ bytes: images.jpeg(), name: 'photo.jpg' })
      // Five slips, as many as the wrong guesses that lock: a date written otherwise than
      // YYYY-MM-DD, a day that does not exist, a two-digit year, neither a date nor a phone.
      for (const slip of ['14.03.2015', '2015-02-31', '14/03/15', 'fourteenth', '14-03-2015']) {
        const res = await api.upload(temporaryId, 'photo', photo(), slip)
        expect(res.status, slip).toBe(422)
        expect(await res.json()).toMatchObject({
          code: 'validation_failed',
          fields: { confirm: [{ code: 'confirm_shape' }] },
        })
      }
      // Not locked: the right date of birth still goes through.
      expect((await api.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(200)
      // Whereas five well-formed wrong dates lock it.
      for (let day = 1; day <= 5; day++) {
        const wrong = await api.upload(temporaryId, 'photo', photo(), `2015-03-0${day}`)
        expect(wrong.status).toBe(403)
      }
      expect((await api.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(429)
    })

    it('lets the lockout end with its window', async () => {
      let clock = Date.parse('2027-01-10T10:00:00Z')
      const app = appWith({ confirmFailures: { limit: 2, windowMs: 60_000 }, now: () => clock })
      const one = client(() => app)
      const temporaryId = await applied()
      const photo = () => ({ bytes: images.jpeg(), name: 'photo.jpg' })
      for (let i = 0; i < 2; i++) {
        expect((await one.upload(temporaryId, 'photo', photo(), '1999-01-01')).status).toBe(403)
      }
      expect((await one.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(429)
      clock += 60_000
      expect((await one.upload(temporaryId, 'photo', photo(), '2015-03-14')).status).toBe(200)
    })

    it('counts wrong confirmations sent at once: no more than five get to guess', async () => {
      const temporaryId = await applied()
      // Every upload's body arrives only once all of them have passed the early lockout check.
      let open!: () => void
      const gate = new Promise<void>((resolve) => (open = resolve))
      const started: Promise<void>[] = []
      const guesses = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const form = new FormData()
          form.append('file', new File([files.jpeg() as Uint8Array<ArrayBuffer>], 'guess.jpg'))
          form.append('confirm', `2015-01-${String(i + 1).padStart(2, '0')}`)
          const encoded = new Response(form)
          const bytes = new Uint8Array(await encoded.arrayBuffer())
          let pulled!: () => void
          started.push(new Promise<void>((resolve) => (pulled = resolve)))
          const body = new ReadableStream<Uint8Array>({
            async pull(controller) {
              pulled()
              await gate
              controller.enqueue(bytes)
              controller.close()
            },
          })
          return { body, type: encoded.headers.get('content-type')! }
        }),
      )
      const sent = guesses.map(({ body, type }) =>
        t.app.request(
          `${base}/demo-school/applications/${temporaryId}/attachments/photo`,
          { method: 'PUT', headers: { 'Content-Type': type }, body, duplex: 'half' } as RequestInit,
          { incoming: { socket: { remoteAddress: nextIp() } } },
        ),
      )
      await Promise.all(started)
      open()
      const statuses = (await Promise.all(sent)).map((res) => res.status)
      expect(statuses.filter((s) => s === 403)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(7)
    })

    it('replaces an earlier file of the kind, deleting its bytes; the same file again changes nothing', async () => {
      const temporaryId = await applied()
      const first = images.jpeg()
      const second = await images.jpeg()
      await api.upload(temporaryId, 'photo', { bytes: first, name: 'one.jpg' }, '2015-03-14')
      const [before] = await attachmentRows(temporaryId)
      await storedBytes(before!)

      const replaced = await api.upload(
        temporaryId,
        'photo',
        { bytes: second, name: 'two.jpg' },
        '2015-03-14',
      )
      expect(replaced.status).toBe(200)
      const rows = await attachmentRows(temporaryId)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id: before!.id, fileName: 'two.jpg' })
      expect(rows[0]!.storageKey).not.toBe(before!.storageKey)
      expect(await t.app.services.files.get(before!.storageKey)).toBeUndefined()
      await storedBytes(rows[0]!)

      const answer = await replaced.json()
      const again = await api.upload(
        temporaryId,
        'photo',
        { bytes: second, name: 'two.jpg' },
        '2015-03-14',
      )
      expect(await again.json()).toEqual(answer)
      expect(await attachmentRows(temporaryId)).toEqual(rows)

      // Simultaneous uploads of one kind leave one row and one stored file.
      const racing = await Promise.all(
        [images.png(), images.png(), images.png()].map((bytes, i) =>
          api.upload(temporaryId, 'photo', { bytes, name: `race-${i}.png` }, '2015-03-14'),
        ),
      )
      expect(racing.map((r) => r.status)).toEqual([200, 200, 200])
      const [last] = await attachmentRows(temporaryId)
      for (const row of [before!, rows[0]!]) {
        expect(await t.app.services.files.get(row.storageKey)).toBeUndefined()
      }
      expect(await t.app.services.files.get(last!.storageKey)).toBeDefined()
    })

    it('takes nothing more once the application is rejected or enrolled', async () => {
      const temporaryId = await applied()
      await t.database.db
        .update(applicants)
        .set({ status: 'rejected' })
        .where(eq(applicants.temporaryId, temporaryId))
      const res = await api.upload(
        temporaryId,
        'photo',
        { bytes: files.jpeg(), name: 'late.jpg' },
        '2015-03-14',
      )
      expect(res.status).toBe(409)
      expect(await attachmentRows(temporaryId)).toEqual([])
      const missing = await api.upload('B'.repeat(22), 'photo', { bytes: files.jpeg() }, 'x')
      expect(missing.status).toBe(404)
    })
  })
})
