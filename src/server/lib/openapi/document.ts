import { toJsonSchemaDefs } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { errorMessages } from '../../../shared/errors/catalogue.ts'
import { ApiErrorSchema } from '../../../shared/schemas/api-error.ts'
import { endpointsOf, type ApiSurface } from '../endpoints.ts'
import { guards, instituteHeader, type Guard } from '../auth.ts'
import { descriptions, type Description } from './documented.ts'
import { sharedSchemas } from './shared-schemas.ts'

type Json = Record<string, unknown>

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: schemaRef('ApiError') } },
})

/**
 * The OpenAPI 3.1 document of every endpoint the app holds: its guards say who may call it, its
 * `documented()` what it takes and answers, as the shared valibot schemas the server validates
 * with and the client parses with (converted once, each under its exported name).
 */
export async function openApiDocument({ routes, publicEndpoints, version }: ApiSurface) {
  const endpoints = [...endpointsOf(routes)].map(([key, handlers]) => {
    const [method, path] = key.split(' ') as [string, string]
    return {
      key,
      method: method.toLowerCase(),
      path,
      guards: handlers.flatMap((h) => guards.get(h) ?? []),
      description: Object.assign(
        {},
        ...handlers.map((h) => descriptions.get(h) ?? {}),
      ) as Description,
    }
  })
  const names = await namedSchemas(endpoints.map((e) => e.description))
  const components = toJsonSchemaDefs(Object.fromEntries([...names].map(([s, n]) => [n, s])), {
    target: 'draft-2020-12',
    // What travels: a request before the server's transforms, an answer as the client reads it.
    typeMode: 'input',
    // A check JSON Schema cannot say (a custom refinement) is left to the server's 422.
    errorMode: 'ignore',
    overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  }) as Record<string, Json>
  const apiError = names.get(ApiErrorSchema)!
  components[apiError] = withCatalogueCodes(components[apiError]!)
  const nameOf = (schema: v.GenericSchema) => names.get(schema)!

  const paths: Record<string, Record<string, Json>> = {}
  for (const endpoint of endpoints) {
    const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}')
    ;(paths[openApiPath] ??= {})[endpoint.method] = operation(
      endpoint,
      publicEndpoints.has(endpoint.key),
      components,
      nameOf,
    )
  }
  const document = {
    openapi: '3.1.1',
    info: {
      title: 'Institute office API',
      version,
      description:
        'Every endpoint of the institute office. Sign in at `POST /api/auth/login` and send the access token as `Authorization: Bearer <token>`. Refusals share one shape: a stable `code` (see `ApiError`), its `values`, and per-field `fields` on a 422.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of `POST /api/auth/login` (or `/api/auth/refresh-login`).',
        },
      },
    },
  }
  return pruned(document)
}

function operation(
  endpoint: { key: string; path: string; guards: Guard[]; description: Description },
  isPublic: boolean,
  components: Record<string, Json>,
  nameOf: (schema: v.GenericSchema) => string,
): Json {
  const { description, guards: declared } = endpoint
  const parameters: Json[] = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  if (description.query) {
    const query = components[nameOf(description.query)]!
    const required = new Set((query.required as string[] | undefined) ?? [])
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema })
    }
  }
  if (description.idempotencyKey) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: description.idempotencyKey === 'required',
      description:
        'Made by the client (8–100 characters) and sent again on every retry: the request is done once, a retry gets the first answer, the key again with another request a 409.',
      schema: { type: 'string', minLength: 8, maxLength: 100 },
    })
  }
  if (!isPublic) {
    parameters.push({
      name: instituteHeader,
      in: 'header',
      required: false,
      description: 'A platform administrator working inside another institute names it here.',
      schema: { type: 'string', format: 'uuid' },
    })
  }
  const platformAdmin = declared.some((g) => g.kind === 'platformAdmin')
  const permissions = declared.flatMap((g) =>
    g.kind === 'permission'
      ? [`${g.action} ${g.subject}`]
      : g.kind === 'anyPermission'
        ? [g.subjects.map((s) => `${g.action} ${s}`).join(' or ')]
        : g.kind === 'recordPermission'
          ? [`${g.action} on the record's own subject`]
          : [],
  )
  const who = isPublic
    ? 'Public: no token.'
    : platformAdmin
      ? 'Platform administrators only, signed in as themselves.'
      : permissions.length
        ? `Needs the permission ${permissions.join(', ')}.`
        : 'Any signed-in user, for their own session.'
  return {
    operationId: endpoint.key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    tags: [endpoint.path.split('/')[2]!],
    description: who,
    security: isPublic ? [] : [{ bearer: [] }],
    ...(platformAdmin && { 'x-platform-admin': true }),
    ...(permissions.length && { 'x-permissions': permissions }),
    ...(parameters.length && { parameters }),
    ...requestBody(description, nameOf),
    responses: {
      ...success(description, nameOf),
      ...refusals(description, { isPublic, hasPath: /:\w/.test(endpoint.path) }),
    },
  }
}

function requestBody(description: Description, nameOf: (schema: v.GenericSchema) => string) {
  if (description.body) {
    return {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schemaRef(nameOf(description.body)) } },
      },
    }
  }
  if (description.upload) {
    return {
      requestBody: {
        required: true,
        content: { [description.upload]: { schema: { type: 'string', format: 'binary' } } },
      },
    }
  }
  return {}
}

function success(description: Description, nameOf: (schema: v.GenericSchema) => string) {
  const content = description.media
    ? Object.fromEntries(
        [description.media].flat().map((type) => [type, { schema: { type: 'string' } }]),
      )
    : {
        'application/json': {
          schema: description.answers
            ? schemaRef(nameOf(description.answers))
            : { type: 'object', description: 'A JSON object; its shape is not documented yet.' },
        },
      }
  const answer = (status: number) =>
    status === 204
      ? { description: 'Done; no content.' }
      : status === 302
        ? { description: 'Redirected.', headers: { Location: { schema: { type: 'string' } } } }
        : { description: status === 200 ? 'Success.' : successNames[status], content }
  return Object.fromEntries([description.status ?? 200].flat().map((s) => [s, answer(s)]))
}

const successNames: Record<number, string> = {
  201: 'Created (a retry with the same Idempotency-Key answers 200 with the same body).',
  202: 'Accepted: the work goes on as a job (a retry answers 200).',
}

function refusals(
  description: Description,
  { isPublic, hasPath }: { isPublic: boolean; hasPath: boolean },
) {
  const readsInput = Boolean(description.body || description.query || description.upload)
  return {
    ...((readsInput || description.idempotencyKey) && {
      400: refusal('Not JSON, or a missing or malformed Idempotency-Key.'),
    }),
    ...(!isPublic && {
      401: refusal('No valid access token.'),
      403: refusal('Not permitted.'),
    }),
    ...(hasPath && { 404: refusal('Not found in the caller’s institute.') }),
    ...(description.idempotencyKey && {
      409: refusal('The Idempotency-Key was used for another request.'),
    }),
    ...((description.body || description.upload) && { 413: refusal('The body is too large.') }),
    ...(readsInput && { 422: refusal('The input does not fit; `fields` says where.') }),
    default: refusal('Refused: `code` says why.'),
  }
}

/** The refusal shape with every code the API answers with. */
function withCatalogueCodes(apiError: Json): Json {
  const properties = apiError.properties as Record<string, Json>
  return {
    ...apiError,
    properties: { ...properties, code: { ...properties.code, enum: Object.keys(errorMessages) } },
  }
}

/**
 * Each schema an endpoint names, under its exported name in src/shared/schemas (and so any
 * shared schema inside it); a list of one made on the spot (`v.array(ClassSchema)`) as that
 * name's "List".
 */
async function namedSchemas(described: Description[]) {
  const names = new Map<v.GenericSchema, string>()
  for (const [name, schema] of await sharedSchemas())
    if (!names.has(schema)) names.set(schema, name)
  const taken = new Set(names.values())
  for (const d of described) {
    for (const schema of [d.body, d.query, d.answers]) {
      if (!schema || names.has(schema)) continue
      const item = (schema as { item?: v.GenericSchema }).item
      const base = item && names.has(item) ? `${names.get(item)}List` : 'Unnamed'
      let name = base
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`
      names.set(schema, name)
      taken.add(name)
    }
  }
  return names
}

/** The document without the components nothing refers to. */
function pruned<D extends { components: { schemas: Record<string, Json> } }>(document: D): D {
  const schemas = document.components.schemas
  const kept = new Set<string>()
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (node === null || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '')
        if (!kept.has(name) && schemas[name]) {
          kept.add(name)
          visit(schemas[name])
        }
      } else visit(value)
    }
  }
  visit({ ...document, components: { ...document.components, schemas: {} } })
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name))),
    },
  }
}
