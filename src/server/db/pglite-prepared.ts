import {
  messages as wire,
  parse,
  PGlite,
  protocol,
  TransactionAbortedError,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

/** Statements kept prepared at once; the least recently used one is closed beyond it. */
const keptStatements = 500
/**
 * Statements kept are short: a bulk insert of a thousand rows is seldom sent twice alike, and
 * its plan would hold its every parameter. Longer ones use the unnamed statement, as before.
 */
const keptLength = 8_000

interface Statement {
  name: string
  /** The parameters' types as the server inferred them: they choose each value's text form. */
  paramTypes: number[]
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * The rows of one statement's answer, each value parsed by its type's parser. PGlite's
 * own `parseResults` copies every type's parser for each answer: the largest cost of a short
 * statement in JavaScript.
 */
function rowsOf<T>(
  messages: BackendMessage[],
  parserOf: (oid: number) => ((value: string, oid: number) => unknown) | undefined,
  rowMode: QueryOptions['rowMode'],
) {
  let fields: { name: string; dataTypeID: number }[] = []
  const rows: unknown[] = []
  let affectedRows = 0
  for (const m of messages) {
    if (m instanceof wire.RowDescriptionMessage) {
      fields = m.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    } else if (m instanceof wire.DataRowMessage) {
      const values = m.fields.map((v, i) => {
        const oid = fields[i]!.dataTypeID
        const parser = v === null ? undefined : parserOf(oid)
        return parser ? parser(v!, oid) : v
      })
      rows.push(
        rowMode === 'array'
          ? values
          : Object.fromEntries(fields.map((f, i) => [f.name, values[i]])),
      )
    } else if (m instanceof wire.CommandCompleteMessage) {
      const [command, ...rest] = m.text.split(' ')
      if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command!))
        affectedRows = Number(rest.at(-1))
    }
  }
  return { rows: rows as T[], fields, affectedRows }
}

/** The first error the server answered, with the statement it was answering (never its values). */
function throwOnError(messages: BackendMessage[], query: string) {
  const error = messages.find((m) => m.name === 'error')
  if (error) throw Object.assign(error, { query })
}

/**
 * PGlite that keeps each statement prepared on the server, as a PostgreSQL connection pool's
 * clients can: the first run parses it once (and learns its parameters' types), every later run
 * sends bind, execute and sync in one message to the WebAssembly Postgres and reuses the plan.
 * PGlite's own `query()` parses, describes, binds and executes a statement in six round trips
 * each time, which costs most of a short statement's time (0.35 ms against 0.09 ms for a key
 * lookup; bench/collection.ts's payments ran at about half this speed).
 *
 * Values are written as PGlite writes them (its serializers by the inferred type) and rows parsed
 * by its parsers, so drizzle's PGlite driver sees the same answers. Blobs (COPY) and `exec()` go
 * PGlite's own way.
 */
export class PreparingPGlite extends PGlite {
  #statements = new Map<string, Statement>()
  #toClose: string[] = []
  #named = 0
  #inTransaction = false

  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (options?.blob) return super.query(query, params, options)
    await this._checkReady()
    return this._runExclusiveTransaction(() => this.#run<T>(query, params ?? [], options))
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this._checkReady()
    return this._runExclusiveTransaction(async () => {
      await this.#run('begin', [])
      this.#inTransaction = true
      let closed = false
      const open = () => {
        if (closed) throw new Error('Transaction is closed')
      }
      const tx: Transaction = {
        query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
          open()
          return this.#run<R>(query, params ?? [], options)
        },
        sql: () => Promise.reject(new Error('tagged templates are not used here')),
        exec: () => Promise.reject(new Error('exec() runs outside transactions here')),
        rollback: async () => {
          open()
          closed = true
          await this.#end('rollback')
        },
        listen: () => Promise.reject(new Error('listen() is not used here')),
        get closed() {
          return closed
        },
      }
      try {
        const result = await callback(tx)
        if (!closed) {
          closed = true
          // COMMIT of a transaction an error aborted answers ROLLBACK.
          if ((await this.#end('commit')) === 'ROLLBACK') throw new TransactionAbortedError()
        }
        return result
      } catch (e) {
        if (!closed) {
          closed = true
          await this.#end('rollback')
        }
        throw e
      }
    })
  }

  /** Forgets every prepared statement: after a migration changed what they read. */
  async forgetStatements() {
    await this.exec('deallocate all')
    this.#statements.clear()
    this.#toClose = []
  }

  async #end(command: 'commit' | 'rollback') {
    try {
      const messages = await this.#exchange(command, [])
      return messages.find((m) => m instanceof wire.CommandCompleteMessage)?.text
    } finally {
      this.#inTransaction = false
      await this.syncToFs()
    }
  }

  async #run<T>(query: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages = await this.#exchange(query, params, options)
    return rowsOf<T>(
      messages,
      (oid) => options?.parsers?.[oid] ?? this.parsers[oid],
      options?.rowMode,
    )
  }

  /** The server's answer to one run of the statement, its rows not yet parsed. */
  async #exchange(query: string, params: unknown[], options?: QueryOptions) {
    return this._runExclusiveQuery(async () => {
      const kept = query.length <= keptLength
      const statement =
        this.#statements.get(query) ?? (await this.#prepare(query, kept ? undefined : '', options))
      if (kept) {
        // Most recently used last: the first one is the one to close.
        this.#statements.delete(query)
        this.#statements.set(query, statement)
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const type = statement.paramTypes[i]!
        const write = options?.serializers?.[type] ?? this.serializers[type]
        return write ? write(value) : String(value)
      })
      const parts = this.#toClose
        .splice(0)
        .map((name) => protocol.serialize.close({ type: 'S', name }))
      parts.push(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      )
      const messages = await this.execProtocolStream(concat(parts), {
        syncToFs: false,
        throwOnError: false,
      })
      throwOnError(messages, query)
      if (!this.#inTransaction) await this.syncToFs()
      return messages
    })
  }

  /** Parses the statement under `name` (a new one if not given; '' is the unnamed one). */
  async #prepare(
    query: string,
    given: string | undefined,
    options?: QueryOptions,
  ): Promise<Statement> {
    const name = given ?? `s${++this.#named}`
    const messages = await this.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text: query, types: options?.paramTypes ?? [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false, throwOnError: false },
    )
    throwOnError(messages, query)
    if (name && this.#statements.size >= keptStatements) {
      const [oldest] = this.#statements.keys()
      this.#toClose.push(this.#statements.get(oldest!)!.name)
      this.#statements.delete(oldest!)
    }
    return { name, paramTypes: parse.parseDescribeStatementResults(messages) }
  }
}
