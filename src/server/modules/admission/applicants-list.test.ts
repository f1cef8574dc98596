import { describe, expect, it } from 'vitest'
import type { ApplicantSummary } from '../../../shared/schemas/admission-applicants.ts'
import { todayIn } from '../../lib/today.ts'
import { addInstitute, asUser, type TestApp } from '../../test-support/test-app.ts'
import { insertApplicant, insertForm } from '../../test-support/admission.ts'
import { applicantSuite, applicantsPath as base } from '../../test-support/admission-staff.ts'

type ApplicantList = { data: ApplicantSummary[]; total: number; page: number; perPage: number }

// The list of applicants and its CSV export; the export reads what the list test added.
describe('applicants (staff)', () => {
  let t: TestApp
  let officer: string
  let instituteId: string
  applicantSuite((s) => ({ t, officer, instituteId } = s))

  it('lists with the form, status and text filters, sorting and paging', async () => {
    const other = await insertForm(t, instituteId, { title: 'Class Nine 2028' })
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8))
    await insertApplicant(t, other, { name: 'Zubair Hossain', submittedAt: at(1) })
    await insertApplicant(t, other, {
      name: 'Ayesha Siddiqua',
      phone: '+8801922334455',
      status: 'under_review',
      submittedAt: at(2),
    })
    const found = await insertApplicant(t, other, {
      name: 'Mahir Faisal',
      email: 'mahir@example.com',
      status: 'accepted',
      submittedAt: at(3),
    })
    const foreignInstitute = await addInstitute(t, 'other-applicants')
    const foreignForm = await insertForm(t, foreignInstitute.id)
    await insertApplicant(t, foreignForm, { name: 'Foreign Applicant' })

    const list = async (query: string) => {
      const res = await asUser(t, officer, 'GET', `${base}?formId=${other.id}&${query}`)
      expect(res.status, query).toBe(200)
      return (await res.json()) as ApplicantList
    }
    const names = async (query: string) => (await list(query)).data.map((a) => a.applicantName)

    const all = await list('')
    expect(all).toMatchObject({ total: 3, page: 1, perPage: 10 })
    // Newest first by default.
    expect(all.data.map((a) => a.applicantName)).toEqual([
      'Mahir Faisal',
      'Ayesha Siddiqua',
      'Zubair Hossain',
    ])
    expect(all.data[0]).toEqual({
      id: found.id,
      shortReference: found.shortReference,
      formId: other.id,
      formTitle: 'Class Nine 2028',
      applicantName: 'Mahir Faisal',
      phone: '+8801711000001',
      email: 'mahir@example.com',
      status: 'accepted',
      submittedAt: at(3).toISOString(),
      attachmentCount: 0,
      studentCode: null,
    })
    expect(await names('status=under_review')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=ayesha')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=92233')).toEqual(['Ayesha Siddiqua'])
    expect(await names('q=MAHIR@EXAMPLE')).toEqual(['Mahir Faisal'])
    expect(await names(`q=${found.temporaryId.slice(3, 15)}`)).toEqual(['Mahir Faisal'])
    // % is taken literally (a temporaryId may hold _ or -, never %).
    expect(await names('q=%25')).toEqual([])
    expect(await names('sortBy=applicantName')).toEqual([
      'Ayesha Siddiqua',
      'Mahir Faisal',
      'Zubair Hossain',
    ])
    expect(await names('sortBy=submittedAt')).toEqual([
      'Zubair Hossain',
      'Ayesha Siddiqua',
      'Mahir Faisal',
    ])
    // By the applications' progress: submitted, under review, accepted.
    expect(await names('sortBy=status&sortDesc=true')).toEqual([
      'Mahir Faisal',
      'Ayesha Siddiqua',
      'Zubair Hossain',
    ])
    const page = await list('sortBy=applicantName&perPage=2&page=2')
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 })
    expect(page.data.map((a) => a.applicantName)).toEqual(['Zubair Hossain'])

    // Without a form filter: every form of the institute, none of another's.
    const everything = (await (
      await asUser(t, officer, 'GET', `${base}?perPage=100`)
    ).json()) as ApplicantList
    expect(everything.data.map((a) => a.applicantName)).not.toContain('Foreign Applicant')
    const foreignFilter = await asUser(t, officer, 'GET', `${base}?formId=${foreignForm.id}`)
    expect(await foreignFilter.json()).toMatchObject({ total: 0, data: [] })

    const bad = await asUser(t, officer, 'GET', `${base}?status=draft&formId=x&sortBy=phone`)
    expect(bad.status).toBe(422)
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual([
      'formId',
      'sortBy',
      'status',
    ])
  })

  it('answers a search for a NUL character with 400, not a server error', async () => {
    for (const path of [`${base}?q=%00`, `${base}/export?q=a%00`]) {
      const res = await asUser(t, officer, 'GET', path)
      expect(res.status, path).toBe(400)
    }
  })

  it('exports the filtered list as CSV that no spreadsheet will execute', async () => {
    const csvForm = await insertForm(t, instituteId, { title: 'Export, "quoted" form' })
    await insertApplicant(t, csvForm, {
      name: '=HYPERLINK("http://evil.example","click")',
      phone: '+8801711999888',
      answers: { shift: 'Morning', hobby: '@SUM(1+1)' },
      submittedAt: new Date('2026-02-01T10:00:00Z'),
      fee: 25050,
    })
    await insertApplicant(t, csvForm, {
      name: 'Line\nbreak',
      status: 'rejected',
      submittedAt: new Date('2026-01-01T10:00:00Z'),
    })
    const res = await asUser(t, officer, 'GET', `${base}/export?formId=${csvForm.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = todayIn('Asia/Dhaka')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="applicants-${today}.csv"`,
    )
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Tracking ID,Form,Status,Submitted,Applicant’s full name,Phone number,Email,Date of birth,' +
        'Gender,Father’s name,Mother’s name,Guardian’s name,Address,Previous school,Shift,Hobbies,' +
        'Application fee (BDT),Decision note,Decided on,Student ID',
    )
    // Dhaka is 6 hours ahead of UTC. A tracking ID that happens to start with "-" is guarded
    // like any other cell a spreadsheet could take for a formula.
    expect(lines[1]).toMatch(
      /^'?[\w-]{22},"Export, ""quoted"" form",Submitted,02\/01\/2026 16:00,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)",'\+8801711999888,,03\/15\/2020,Female,Abdul Karim,Rokeya Begum,Abdul Karim,"House 12, Road 5, Dhaka",,Morning,'@SUM\(1\+1\),250.50,,,$/,
    )
    expect(lines[2]).toContain(',"Line\nbreak",')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(4)

    // The filters apply; without a form, no question columns.
    const rejected = await asUser(
      t,
      officer,
      'GET',
      `${base}/export?formId=${csvForm.id}&status=rejected`,
    )
    const rejectedLines = (await rejected.text()).split('\r\n')
    expect(rejectedLines).toHaveLength(3)
    expect(rejectedLines[1]).toContain('Line')
    const everything = await (await asUser(t, officer, 'GET', `${base}/export`)).text()
    expect(everything.split('\r\n')[0]).toContain('Previous school,Application fee (BDT)')
    expect(everything).not.toContain('Foreign Applicant')
    expect((await asUser(t, officer, 'GET', `${base}/export?status=nope`)).status).toBe(422)
  })

  it('exports in the reader’s language, on the institute’s clock, with the form’s questions', async () => {
    const questionForm = await insertForm(t, instituteId, {
      title: 'Class Seven 2028',
      questions: [
        { id: 'interview-day', label: 'Interview day', kind: 'date', required: true, options: [] },
        { id: 'siblings', label: 'Siblings here', kind: 'number', required: false, options: [] },
        { id: 'shift', label: 'Shift', kind: 'choice', required: true, options: ['Day', 'Night'] },
      ],
    })
    const applicant = await insertApplicant(t, questionForm, {
      name: 'Rahim Uddin',
      fields: { gender: 'male' },
      answers: { 'interview-day': '2026-04-09', siblings: '1.5', shift: 'Day' },
      // 23:30 in Dhaka, already the next day there.
      submittedAt: new Date('2026-02-01T17:30:00Z'),
      fee: 125050,
      status: 'fee_due',
    })
    const path = `${base}/export?formId=${questionForm.id}`
    const german = await asUser(t, officer, 'GET', path, undefined, {
      'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5',
    })
    expect(german.status).toBe(200)
    // (text() leaves out the byte order mark.)
    const [head, row] = (await german.text()).split('\r\n')
    // A comma is the decimal mark in German: columns are split at semicolons.
    const headings = head!.split(';')
    expect(headings.slice(0, 5)).toEqual([
      'Tracking-ID',
      'Formular',
      'Status',
      'Eingereicht',
      'Vollständiger Name des Bewerbers',
    ])
    expect(headings).toContain('Geschlecht')
    expect(headings.slice(-7)).toEqual([
      'Interview day',
      'Siblings here',
      'Shift',
      'Bewerbungsgebühr (BDT)',
      'Anmerkung zur Entscheidung',
      'Entschieden am',
      'Schülernummer',
    ])
    const cells = row!.split(';')
    expect(cells[0]).toBe(applicant.temporaryId)
    expect(cells.slice(1, 5)).toEqual([
      'Class Seven 2028',
      'Gebühr offen',
      '01.02.2026 23:30',
      'Rahim Uddin',
    ])
    expect(cells[headings.indexOf('Geburtsdatum')]).toBe('15.03.2020')
    expect(cells[headings.indexOf('Geschlecht')]).toBe('Männlich')
    expect(cells.slice(-7)).toEqual(['09.04.2026', '1,5', 'Day', '1250,50', '', '', ''])

    // The language the app shows wins over the browser's; unknown ones are passed over.
    const french = await asUser(t, officer, 'GET', `${path}&lang=fr`, undefined, {
      'Accept-Language': 'de',
    })
    expect(await french.text()).toContain(';Frais à payer;01/02/2026 23:30;')
    const fallback = await asUser(t, officer, 'GET', `${path}&lang=xx`, undefined, {
      'Accept-Language': 'pt-BR',
    })
    expect(await fallback.text()).toContain(';Taxa a pagar;')
    const english = await (await asUser(t, officer, 'GET', path)).text()
    expect(english).toContain(',Fee due,02/01/2026 23:30,Rahim Uddin,')
    expect(english).toContain(',04/09/2026,1.5,Day,1250.50,')
  })
})
