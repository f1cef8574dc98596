import { describe, expect, it } from 'vitest'
import { PDFDocument } from '@cantoo/pdf-lib'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { errorMessages } from '../../../shared/errors/catalogue.ts'
import type { FileRefusalCode } from '../../../shared/file-type.ts'
import {
  images,
  kb,
  pdf,
  picture,
  publicAdmissionSuite,
} from '../../test-support/public-admission.ts'

describe('public admission', () => {
  const { api, applied, attachmentRows, storedBytes } = publicAdmissionSuite()

  describe('what a file holds', () => {
    const confirm = '2015-03-14'
    /** The refusal of a file by its content: 422 on the file, with a code of its own. */
    const refusedAs = async (res: Response, code: FileRefusalCode) => {
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({
        code,
        errors: { file: [errorMessages[code].message] },
        fields: { file: [{ code }] },
      })
    }

    it('refuses what only starts like an image: a PNG header before a script, a cut-off JPEG', async () => {
      const temporaryId = await applied()
      const script = new TextEncoder().encode('<script>alert(document.cookie)</script>')
      const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...script])
      const png = await api.upload(temporaryId, 'photo', { bytes: fake, name: 'p.png' }, confirm)
      await refusedAs(png, 'file_damaged')

      const jpeg = await images.jpeg()
      const cut = await api.upload(
        temporaryId,
        'photo',
        { bytes: jpeg.slice(0, jpeg.length / 2), name: 'half.jpg' },
        confirm,
      )
      await refusedAs(cut, 'file_damaged')
      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('takes a real PNG, JPEG or WEBP and stores it encoded again: its pixels, nothing after them', async () => {
      const temporaryId = await applied()
      for (const format of ['png', 'jpeg', 'webp'] as const) {
        const image = await images[format]()
        const script = new TextEncoder().encode('<script>alert(1)</script>')
        const res = await api.upload(
          temporaryId,
          'photo',
          { bytes: new Uint8Array([...image, ...script]), name: `photo.${format}` },
          confirm,
        )
        expect(res.status, format).toBe(200)
        expect(await res.json()).toMatchObject({ contentType: `image/${format}` })
        const [row] = await attachmentRows(temporaryId)
        const stored = await storedBytes(row!)
        expect(await sharp(stored).metadata()).toMatchObject({ format, width: 24, height: 16 })
        expect(Buffer.from(stored).includes('<script>')).toBe(false)
      }
    })

    it('stores a photo upright and without its metadata (no GPS position); the same photo again answers the same', async () => {
      const temporaryId = await applied()
      // Taken with the phone on its side: 24×16 pixels, shown 16×24.
      const taken = await sharp(await images.jpeg())
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: 'PhoneMaker' },
          // libvips' name for the GPS directory.
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' },
        })
        .toBuffer()
      const sent = await sharp(taken).metadata()
      expect(sent.orientation).toBe(6)
      // Big-endian or little, the GPSInfo tag (0x8825) is there.
      expect(
        sent.exif?.includes(Buffer.from([0x88, 0x25])) ||
          sent.exif?.includes(Buffer.from([0x25, 0x88])),
      ).toBe(true)
      const send = () => api.upload(temporaryId, 'photo', { bytes: taken, name: 'me.jpg' }, confirm)
      const first = await send()
      expect(first.status).toBe(200)
      const [row] = await attachmentRows(temporaryId)
      const stored = await sharp(await storedBytes(row!)).metadata()
      expect(stored).toMatchObject({ format: 'jpeg', width: 16, height: 24 })
      expect(stored.exif).toBeUndefined()
      expect(stored.orientation).toBeUndefined()

      const again = await send()
      expect(await again.json()).toEqual(await first.json())
      expect(await attachmentRows(temporaryId)).toEqual([row])
    })

    it('refuses an image whose pixels would not fit its limits, before decoding it', async () => {
      const temporaryId = await applied()
      // A tiny PNG whose header says 20,000 × 20,000 pixels: a decompression bomb.
      const png = await images.png()
      const header = Buffer.from(png.slice(12, 29))
      header.writeUInt32BE(20_000, 4)
      header.writeUInt32BE(20_000, 8)
      const bomb = Buffer.from(png)
      header.copy(bomb, 12)
      bomb.writeUInt32BE(crc32(header), 29)
      const res = await api.upload(temporaryId, 'photo', { bytes: bomb, name: 'b.png' }, confirm)
      await refusedAs(res, 'image_too_large')

      // Under the form's limit as sent, over it once encoded again: the stored file must fit.
      const rough = await picture('jpeg', { width: 256, height: 256, quality: 10 })
      expect(rough.length).toBeLessThan(10 * kb)
      const grown = await api.upload(temporaryId, 'photo', { bytes: rough, name: 'r.jpg' }, confirm)
      expect(grown.status).toBe(422)
      expect(await grown.json()).toMatchObject({
        errors: { file: ['This file is too large.'] },
        fields: { file: [{ code: 'file_too_large' }] },
      })
      expect(await attachmentRows(temporaryId)).toEqual([])
    })

    it('refuses a PDF that would run or open something, however it is written', async () => {
      const temporaryId = await applied()
      const script = '<< /S /JavaScript /JS (app.launchURL\\("https://example.com"\\)) >>'
      const hidden = pdf({ catalog: '/OpenAction 4 0 R', objects: [script], compressed: true })
      // Only inside the compressed stream: not in the file's bytes as such.
      expect(Buffer.from(hidden).includes('JavaScript')).toBe(false)
      const cases = {
        'on opening': pdf({ catalog: '/OpenAction 4 0 R', objects: [script] }),
        'in a compressed object stream': hidden,
        'with escaped names': pdf({ catalog: '/Open#41ction << /S /J#61vaScript /J#53 (x) >>' }),
        'as a page action': pdf({ objects: ['<< /Type /Page /AA << /O 5 0 R >> >>', script] }),
        'as a program to launch': pdf({
          catalog: '/OpenAction << /S /Launch /F (cmd.exe) >>',
        }),
        'as an attached file': pdf({
          catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>',
          objects: ['<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>'],
        }),
        'as an XML form': pdf({
          catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>',
          objects: ['[]'],
        }),
      }
      for (const [name, bytes] of Object.entries(cases)) {
        const res = await api.upload(
          temporaryId,
          'birth-certificate',
          { bytes, name: 'certificate.pdf' },
          confirm,
        )
        expect(res.status, name).toBe(422)
        expect(await res.json(), name).toMatchObject({
          code: 'file_active_content',
          errors: { file: [errorMessages.file_active_content.message] },
        })
      }
      expect(await attachmentRows(temporaryId)).toEqual([])

      // Opening on its first page is no action; a plain document is kept as sent.
      for (const plain of [
        pdf({ compressed: true }),
        pdf({ catalog: '/OpenAction [3 0 R /Fit]' }),
      ]) {
        const res = await api.upload(
          temporaryId,
          'birth-certificate',
          { bytes: plain, name: 'certificate.pdf' },
          confirm,
        )
        expect(res.status).toBe(200)
        const [row] = await attachmentRows(temporaryId)
        expect(await storedBytes(row!)).toEqual(plain)
      }
    })

    it('refuses a PDF it cannot check: an encrypted one, a bare header, a compression bomb', async () => {
      const temporaryId = await applied()
      const send = (bytes: Uint8Array) =>
        api.upload(temporaryId, 'birth-certificate', { bytes, name: 'c.pdf' }, confirm)
      // Needing a password to open, or locked against editing only.
      for (const userPassword of ['secret', '']) {
        const locked = await PDFDocument.create()
        locked.addPage()
        locked.encrypt({ ownerPassword: 'owner', userPassword })
        await refusedAs(await send(await locked.save()), 'file_encrypted')
      }

      await refusedAs(await send(new TextEncoder().encode('%PDF-1.7\n<script>')), 'file_damaged')

      // 200 KB that would inflate to 200 MB while the PDF is read.
      const spaces = deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 })
      const bomb = Buffer.concat([
        Buffer.from(
          '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
            `2 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${spaces.length} >>\nstream\n`,
          'latin1',
        ),
        spaces,
        Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
      ])
      await refusedAs(await send(bomb), 'file_damaged')
      expect(await attachmentRows(temporaryId)).toEqual([])
    })
  })
})
