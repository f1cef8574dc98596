import { readdir } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as v from 'valibot'

const folder = fileURLToPath(new URL('../../../shared/schemas/', import.meta.url))

const isSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema'

/**
 * Every valibot schema src/shared/schemas exports, by its exported name without "Schema": the
 * names the OpenAPI document gives the shapes it shows. Read from the folder, so a new file's
 * schemas are named the day it is added.
 */
export async function sharedSchemas(): Promise<[string, v.GenericSchema][]> {
  const files = (await readdir(folder, { recursive: true }))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
  const found: [string, v.GenericSchema][] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(folder + file).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value)) found.push([name.replace(/Schema$/, ''), value])
    }
  }
  return found
}
