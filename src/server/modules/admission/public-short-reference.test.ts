import { describe, expect, it, vi } from 'vitest'
import type { ApplicantSummary } from '../../../shared/schemas/admission-applicants.ts'
import type { PublicApplication } from '../../../shared/schemas/admission-applications.ts'
import { signedInAs } from '../../test-support/admission.ts'
import {
  application,
  publicAdmissionSuite,
  type Form,
} from '../../test-support/public-admission.ts'
import { asUser, type TestApp } from '../../test-support/test-app.ts'

/** The references the next applications draw, in order; random ones once it is empty. */
const drawn = vi.hoisted(() => [] as string[])
vi.mock('./short-reference.ts', async (original) => {
  const real = await original<typeof import('./short-reference.ts')>()
  return {
    ...real,
    newShortReference: (slug: string, year: string) =>
      drawn.shift() ?? real.newShortReference(slug, year),
  }
})

describe('short references', () => {
  let t: TestApp
  let open: Form
  const { api } = publicAdmissionSuite((s) => ({ t, open } = s))
  const submit = async () => {
    const res = await api.submit('demo-school', open.id, application())
    expect(res.status).toBe(201)
    return (await res.json()) as PublicApplication
  }

  it('draws again when the reference drawn is taken in the institute', async () => {
    drawn.push('DS-27-4K7Q')
    const first = await submit()
    expect(first.shortReference).toBe('DS-27-4K7Q')
    drawn.push('DS-27-4K7Q', 'DS-27-4K7Q', 'DS-27-9ZZ1')
    const second = await submit()
    expect(second.shortReference).toBe('DS-27-9ZZ1')
  })

  it('finds the application in the staff list by its reference, in any case', async () => {
    drawn.push('DS-27-M3XR')
    const mine = await submit()
    await submit()
    const officer = await signedInAs(t, 'reference-officer', ['admission officer'])
    const res = await asUser(t, officer, 'GET', '/api/admission/applicants?q=ds-27-m3x')
    expect(res.status).toBe(200)
    const list = (await res.json()) as { data: ApplicantSummary[]; total: number }
    expect(list.total).toBe(1)
    expect(list.data[0]).toMatchObject({ shortReference: 'DS-27-M3XR' })
    expect(mine.shortReference).toBe('DS-27-M3XR')
  })
})
