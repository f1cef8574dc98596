import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointsOf } from '../../src/server/lib/endpoints.ts'
import {
  adminPassword,
  asUser,
  createTestApp,
  signIn,
  type TestApp,
} from '../../src/server/test-support/test-app.ts'

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, object> }
}

let t: TestApp
let doc: Document
let text: string
let admin: string
const base = 'https://openapi.test/'
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.request('/api/openapi.json')
  expect(res.status).toBe(200)
  text = await res.text()
  doc = JSON.parse(text) as Document
  ajv.addSchema({ $id: base, components: doc.components })
  admin = await signIn(t, 'admin', adminPassword)
}, 180_000)
afterAll(() => t.database.close())

/** The document's operation for a request path (`/api/x/123` matches `/api/x/{id}`). */
function operationOf(method: string, url: string): Operation {
  const path = url.split('?')[0]!
  const found = Object.entries(doc.paths).find(([template]) =>
    new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  )
  const operation = found?.[1][method.toLowerCase()]
  if (!operation) throw new Error(`${method} ${path} is not in the document`)
  return operation
}

/** Whether an answer is one the document promises: its status listed, its JSON of that shape. */
async function fits(method: string, url: string, res: Response) {
  const { responses } = operationOf(method, url)
  const promised = responses[res.status] ?? responses.default
  expect(responses[res.status], `${method} ${url} answered ${res.status}`).toBeDefined()
  const type = res.headers.get('content-type') ?? ''
  if (!type.includes('json')) {
    expect(Object.keys(promised!.content ?? {}), `${method} ${url}`).toContain(type.split(';')[0])
    return
  }
  const schema = JSON.parse(
    JSON.stringify(promised!.content!['application/json']!.schema).replaceAll(
      '"#/components',
      `"${base}#/components`,
    ),
  ) as object
  const validate = ajv.compile(schema)
  const body: unknown = await res.json()
  const valid = validate(body)
  expect(validate.errors ?? [], `${method} ${url}: ${ajv.errorsText(validate.errors)}`).toEqual([])
  expect(valid).toBe(true)
}

const call = async (method: string, url: string, body?: unknown, headers = {}) => {
  const res = await asUser(t, admin, method, url, body, headers)
  await fits(method, url, res)
  return res
}

describe('the OpenAPI document', () => {
  it('lists every endpoint the app holds, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    )
    const registered = [...endpointsOf(t.app.routes).keys()]
    expect(registered.length).toBeGreaterThan(150)
    expect(listed.sort()).toEqual(registered.sort())
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./)
    const result = await new Validator().validate(JSON.parse(text))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('names who may call each endpoint and the key a retry carries', () => {
    const login = doc.paths['/api/auth/login']!.post as unknown as { security: unknown[] }
    expect(login.security).toEqual([])
    const users = doc.paths['/api/access/users']!.get as unknown as Record<string, unknown>
    expect(users.security).toEqual([{ bearer: [] }])
    expect(users['x-permissions']).toEqual(['read ACL'])
    const platform = doc.paths['/api/platform/institutes']!.get as unknown as Record<
      string,
      unknown
    >
    expect(platform['x-platform-admin']).toBe(true)
    const payment = doc.paths['/api/collection/payments']!.post as unknown as {
      parameters: { name: string; required: boolean }[]
    }
    expect(payment.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', required: true }),
    )
  })

  it('shows request bodies and queries as the server validates them, refusals with their codes', () => {
    const create = doc.paths['/api/access/users']!.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { $ref: string } } } }
      responses: Record<string, unknown>
    }
    expect(create.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/CreateUser',
    )
    expect(doc.components.schemas.CreateUser).toMatchObject({
      required: expect.arrayContaining(['username', 'password']),
    })
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '401', '403', '422']),
    )
    const apiError = doc.components.schemas.ApiError as {
      properties: { code: { enum: string[] } }
    }
    expect(apiError.properties.code.enum).toEqual(
      expect.arrayContaining(['unauthenticated', 'forbidden', 'validation_failed']),
    )
  })
})

describe('live answers fit the document', () => {
  it('in system and auth', async () => {
    await fits('GET', '/api/health', await t.app.request('/api/health'))
    await fits('GET', '/api/version', await t.app.request('/api/version'))
    const login = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: adminPassword }),
    })
    await fits('POST', '/api/auth/login', login)
    await call('GET', '/api/auth/user')
    await call('GET', '/api/auth/sessions')
    await call('GET', '/api/jobs')
    // Refusals too: no token, and a body that does not fit.
    await fits('GET', '/api/access/users', await t.app.request('/api/access/users'))
    await call('POST', '/api/access/roles', { name: '' })
  })

  it('in access', async () => {
    await call('GET', '/api/access/users')
    await call('GET', '/api/access/users/role-options')
    await call('GET', '/api/access/audits')
    await call('GET', '/api/access/audits/facets')
    await call('POST', '/api/access/roles', {
      name: 'Documented',
      homeRoute: '/dashboard',
      rules: [{ action: 'read', subject: 'ACL' }],
    })
    await call('GET', '/api/access/roles')
  })

  it('in accounting', async () => {
    await call('GET', '/api/accounting/accounts')
    await call('GET', '/api/accounting/accounts/list')
    await call('GET', '/api/accounting/coa-config')
    await call('GET', '/api/accounting/coa-mapping')
    await call('GET', '/api/accounting/calendar')
    await call('GET', '/api/accounting/money-accounts')
    await call('GET', '/api/accounting/vouchers')
  })

  it('in institutes and the platform', async () => {
    await call('GET', '/api/institutes/settings')
    await call('GET', '/api/institutes/campuses')
    await call('GET', '/api/institutes/academic-sessions')
    await call('GET', '/api/institutes/classes')
    await call('GET', '/api/institutes/sections')
    await call('GET', '/api/institutes/groups')
    await call('GET', '/api/institutes/shifts')
    await call('POST', '/api/institutes/shifts', { name: 'Evening' })
    await call('GET', '/api/platform/institutes')
    await call('GET', '/api/platform/institutes/options')
  })

  it('in students', async () => {
    await call('GET', '/api/students')
    await call('GET', '/api/students/export.csv')
    await call('GET', '/api/students/import-template.csv')
  })

  it('in admission', async () => {
    await call('GET', '/api/admission/forms')
    await call('GET', '/api/admission/applicants')
    await fits(
      'GET',
      '/api/admission/public/demo-school',
      await t.app.request('/api/admission/public/demo-school'),
    )
  })

  it('in fees', async () => {
    await call('GET', '/api/fees/structure')
    await call('GET', '/api/fees/heads')
    await call('GET', '/api/fees/income-accounts')
    await call('GET', '/api/fees/vat-rates')
    await call('GET', '/api/fees/fine-rules')
    await call('GET', '/api/fees/concessions')
    await call('GET', '/api/fees/group-invoice/runs')
    await call('GET', '/api/fees/invoice-print-settings')
  })

  it('in collection', async () => {
    await call('GET', '/api/collection/counter-settings')
    await call('GET', '/api/collection/days')
    await call('GET', '/api/collection/advances')
    await call('GET', '/api/collection/advances/settings')
    await call('GET', '/api/collection/advances/overrides')
    await call('GET', '/api/collection/search?q=zz')
  })
})

describe('the API reference page', () => {
  it('opens the viewer on the document, under a policy of its own', async () => {
    const page = await t.app.request('/api/reference')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('/api/reference/swagger-ui-bundle.js')
    expect(page.headers.get('content-security-policy')).toContain(
      "style-src 'self' 'unsafe-inline'",
    )
    const viewer = await t.app.request('/api/reference/swagger-ui-bundle.js')
    expect(viewer.status).toBe(200)
    expect(viewer.headers.get('content-type')).toContain('javascript')
    expect((await t.app.request('/api/reference/start.js')).status).toBe(200)
    expect((await t.app.request('/api/reference/package.json')).status).toBe(404)
    // The PWA's own pages keep the strict policy.
    const strict = (await t.app.request('/api/health')).headers.get('content-security-policy')
    expect(strict).toContain("style-src 'self';")
  })
})
