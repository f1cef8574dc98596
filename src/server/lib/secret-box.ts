import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../config.ts'

/*
 * Secrets kept in the database (merchants' gateway credentials) are sealed with AES-256-GCM
 * under a key the database never holds: MERCHANT_KEY, or, with the embedded database, a key
 * generated into the data dir on first start. Each sealed value names its key, so a new key
 * can be brought in while the old ones (MERCHANT_KEY_PREVIOUS) still open what they sealed;
 * start-up then re-seals everything under the new key (README "Merchant secrets").
 */

const version = 'v1'

export class SecretBoxError extends Error {}

/** The key's short name stored beside what it sealed: the first 8 hex digits of its SHA-256. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8)

/** A key as given: 32 bytes in base64 (or 64 hex digits). */
export function parseKey(text: string, name: string): Buffer {
  const trimmed = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new SecretBoxError(`${name}: must be 32 bytes in base64 or hex`)
  return key
}

export class SecretBox {
  private readonly keys: Map<string, Buffer>
  readonly currentKeyId: string

  constructor(
    private readonly current: Buffer,
    previous: Buffer[] = [],
  ) {
    this.currentKeyId = keyIdOf(current)
    this.keys = new Map([current, ...previous].map((k) => [keyIdOf(k), k]))
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.current, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64'))
    return [version, this.currentKeyId, ...parts].join(':')
  }

  open(sealed: string): string {
    const [v, keyId, iv, tag, body] = sealed.split(':')
    const key = this.keys.get(keyId ?? '')
    if (v !== version || !key || !iv || !tag || body === undefined) {
      throw new SecretBoxError(
        `a merchant secret is sealed under key ${keyId ?? '?'}, which is neither MERCHANT_KEY ` +
          'nor one of MERCHANT_KEY_PREVIOUS: give the key it was sealed with',
      )
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
    decipher.setAuthTag(Buffer.from(tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
      'utf8',
    )
  }

  /** Whether a sealed value is under an older key (start-up re-seals it). */
  isStale(sealed: string) {
    return sealed.split(':')[1] !== this.currentKeyId
  }
}

/**
 * The key of in-memory data (DATA_DIR=memory://, tests): what it seals dies with the process
 * (a server's data needs MERCHANT_KEY), and test databases copied between processes open.
 */
export const memoryKey = createHash('sha256').update('memory:// holds nothing worth a key').digest()
export const memorySecretBox = new SecretBox(memoryKey)

/**
 * The box for this configuration: MERCHANT_KEY (with MERCHANT_KEY_PREVIOUS), else the data
 * dir's own key, generated on first start and readable by this user only.
 */
export async function secretBoxFor(config: Config): Promise<SecretBox> {
  const previous = config.merchantKeyPrevious.map((k, i) =>
    parseKey(k, `MERCHANT_KEY_PREVIOUS[${i}]`),
  )
  if (config.merchantKey)
    return new SecretBox(parseKey(config.merchantKey, 'MERCHANT_KEY'), previous)
  if (config.dataDir === 'memory://') return memorySecretBox
  const file = join(config.dataDir, 'merchant.key')
  const existing = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined
    throw e
  })
  if (existing !== undefined) return new SecretBox(parseKey(existing, file), previous)
  const key = randomBytes(32)
  await mkdir(config.dataDir, { recursive: true })
  await writeFile(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 })
  await chmod(file, 0o600)
  return new SecretBox(key, previous)
}
