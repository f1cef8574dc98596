import { describe, expect, it } from 'vitest'
import type { ImportPreview } from '../../../shared/schemas/student-imports.ts'
import { adminSuite } from '../../test-support/sign-in.ts'
import type { TestApp } from '../../test-support/test-app.ts'
import { declaringSize, generatedXlsx } from '../../test-support/xlsx-files.ts'

const headings = ['Full name', 'Guardian phone', 'Class', 'Section']
const pupil = (i: number) => [`Pupil ${i}`, `0171${String(i).padStart(7, '0')}`, 'One', 'A']

describe('student import limits', () => {
  let t: TestApp
  let admin: string
  adminSuite((s) => ({ t, admin } = s))

  const upload = (file: Uint8Array | string, name = 'students.xlsx') => {
    const form = new FormData()
    form.append('file', new File([file], name))
    return t.app.request('/api/students/imports', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    })
  }
  const refusal = async (file: Uint8Array | string) => {
    const res = await upload(file)
    expect(res.status, await res.clone().text()).toBe(422)
    const body = (await res.json()) as { code: string; values?: object }
    return [body.code, body.values]
  }

  it('refuses a workbook of more rows than the limit, reading no further than the row past it', async () => {
    // Damaged after the rows: a reader that went on past the limit would call the file damaged.
    const end = '<row r="20003"><c r="A20003" t="inlineStr"><is><t>never read</t></is></c><<<'
    const tooMany = generatedXlsx({ headings, rows: 20_001, row: pupil, end })
    expect(await refusal(tooMany)).toEqual(['import_too_many_rows', { max: 20_000 }])
  })

  it('refuses a zip bomb by what it unpacks to, whether or not its directory says so', async () => {
    // 72 MB of whitespace in the sheet, 70 KB packed.
    const bomb = generatedXlsx({ headings, rows: 1, row: pupil, padding: 72 * 1024 * 1024 })
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const tooLarge = ['import_file_unpacked_too_large', { max: 64 }]
    expect(await refusal(bomb)).toEqual(tooLarge)
    expect(await refusal(declaringSize(bomb, 'xl/worksheets/sheet1.xml', 1000))).toEqual(tooLarge)
  })

  it('refuses values beyond the last column taken, in a workbook and in CSV', async () => {
    const wide = [...pupil(1), ...Array<string>(96).fill(''), 'stray note']
    expect(await refusal(generatedXlsx({ headings, rows: 1, row: () => wide }))).toEqual([
      'import_too_many_columns',
      { max: 100 },
    ])
    expect(await refusal(`${headings.join(',')}\n${wide.join(',')}\n`)).toEqual([
      'import_too_many_columns',
      { max: 100 },
    ])
  })

  it('still previews an ordinary workbook', async () => {
    const res = await upload(generatedXlsx({ headings, rows: 3, row: pupil }))
    expect(res.status, await res.clone().text()).toBe(201)
    const preview = (await res.json()) as ImportPreview
    expect(preview.counts).toMatchObject({ total: 3, new: 3, invalid: 0 })
    expect(preview.rows[0]!.values).toEqual({
      fullName: 'Pupil 0',
      guardianPhone: '01710000000',
      class: 'One',
      section: 'A',
    })
  })

  /**
   * An upload whose body the server has to ask for: `read` settles when it starts reading it,
   * and the bytes come only once the test calls `send`.
   */
  const heldUpload = (file: Uint8Array) => {
    const form = new FormData()
    form.append('file', new File([file], 'students.xlsx'))
    const encoded = new Response(form)
    let started!: () => void
    const read = new Promise<void>((resolve) => (started = resolve))
    let send!: () => void
    const sent = new Promise<void>((resolve) => (send = resolve))
    // (Not bytes(): the Node adapter's Response, once another test file loaded it, lacks it.)
    const bytes = encoded.arrayBuffer().then((buffer) => new Uint8Array(buffer))
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          started()
          await sent
          controller.enqueue(await bytes)
          controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const answer = bytes.then((whole) =>
      t.app.request('/api/students/imports', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${admin}`,
          'Content-Type': encoded.headers.get('Content-Type')!,
          'Content-Length': String(whole.length),
        },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    return { answer, read, send }
  }

  it('tells an institute sending more uploads at once than it may to try again shortly', async () => {
    const tooMany = generatedXlsx({ headings, rows: 20_001, row: pupil })
    const arriving = [heldUpload(tooMany), heldUpload(tooMany)]
    await Promise.all(arriving.map((u) => u.read))
    // Two of the institute's uploads are arriving: a third is refused before its body is read.
    const third = heldUpload(tooMany)
    let thirdRead = false
    void third.read.then(() => (thirdRead = true))
    const busy = await third.answer
    expect(busy.status).toBe(429)
    expect(busy.headers.get('Retry-After')).toBe('5')
    expect(await busy.json()).toMatchObject({ code: 'server_busy' })
    expect(thirdRead).toBe(false)
    for (const u of arriving) u.send()
    const answers = await Promise.all(arriving.map((u) => u.answer))
    expect(answers.map((res) => res.status)).toEqual([422, 422])
    expect((await upload(tooMany)).status).toBe(422)
  })
})
