/**
 * The student search benchmark: a 50,000-student institute (seed-large's, made in
 * bulk on the tests' in-memory PGlite) searched through the HTTP app by name, student ID,
 * guardian phone and class-section-roll — in the student list and at the counter (with
 * the family then opened); p50 and p95 of the server's time per request (the in-process
 * app: guard, validation, queries and JSON, no network).
 *
 * Called by bench/run.ts; `node --import tsx bench/students.ts` runs it alone.
 * STUDENTS_BENCH_COUNT=5000 makes a quicker smaller run (figures then say so).
 */
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { CounterMatchList } from '../src/shared/schemas/collection-payments.ts'
import type { StudentPage } from '../src/shared/schemas/students.ts'
import { seedLargeInstitute } from '../src/server/seeds/large-institute.ts'
import { prng } from '../src/server/seeds/demo-students.ts'
import { addUser, asUser, createTestApp, signIn } from '../src/server/test-support/test-app.ts'
import { budgets } from './budgets.ts'

const count = Number(process.env.STUDENTS_BENCH_COUNT ?? 50_000)
/** Searches of each kind, each a different student's. */
const samples = 40

const percentile = (runs: number[], p: number) =>
  [...runs].sort((a, b) => a - b)[Math.min(runs.length - 1, Math.floor(runs.length * p))] ?? 0

interface Sample {
  full_name: string
  student_code: string
  guardian_phone: string
  class_name: string
  section_name: string
  roll: number
}

async function measure() {
  const t = await createTestApp()
  try {
    const started = performance.now()
    const made = await seedLargeInstitute(t.database.db, { students: count })
    const seedSeconds = (performance.now() - started) / 1000
    await addUser(t, {
      username: 'bench-large-admin',
      password: 'bench-large-pass-1',
      instituteId: made!.instituteId,
      roles: ['admin'],
    })
    const token = await signIn(t, 'bench-large-admin', 'bench-large-pass-1')
    const rows = (
      (await t.database.db.execute(sql`select s.full_name, s.student_code, s.guardian_phone,
          c.name as class_name, sc.name as section_name, e.roll
        from students s join enrolments e on e.student_id = s.id
        join academic_sessions se on se.id = e.academic_session_id and se.is_current
        join classes c on c.id = e.class_id join sections sc on sc.id = e.section_id
        where s.institute_id = ${made!.instituteId} order by s.student_code`)) as unknown as {
        rows: Sample[]
      }
    ).rows
    const random = prng(16)
    const picked = Array.from({ length: samples }, () => rows[Math.floor(random() * rows.length)]!)
    const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10)
    const kinds: Record<string, (s: Sample) => string> = {
      // A first name and the start of the family name, as someone types it.
      name: (s) => {
        const [first, last = ''] = s.full_name.toLowerCase().split(' ')
        return `${first} ${last.slice(0, 4)}`
      },
      'student ID (prefix)': (s) => s.student_code.slice(0, 7),
      'guardian phone (written otherwise)': (s) => `+880 ${digits(s.guardian_phone)}`,
      'roll (class-section-roll)': (s) => `${s.class_name}-${s.section_name}-${s.roll}`,
    }
    const timedGet = async (path: string) => {
      const at = performance.now()
      const res = await asUser(t, token, 'GET', path)
      const body = (await res.json()) as unknown
      const ms = performance.now() - at
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      return { ms, body }
    }
    const timed = async (query: string) => {
      const { ms, body } = await timedGet(`/api/students?${query}`)
      return { ms, total: (body as StudentPage).total }
    }
    // Warm up: the first reads load pages and plans.
    for (const s of picked.slice(0, 5))
      for (const make of Object.values(kinds)) await timed(`q=${encodeURIComponent(make(s))}`)
    const results: { kind: string; p50: number; p95: number; hits: number }[] = []
    for (const [kind, make] of Object.entries(kinds)) {
      const runs: number[] = []
      let found = 0
      for (const s of picked) {
        const { ms, total } = await timed(`q=${encodeURIComponent(make(s))}`)
        runs.push(ms)
        if (total > 0) found++
      }
      results.push({ kind, p50: percentile(runs, 0.5), p95: percentile(runs, 0.95), hits: found })
    }
    const lists: { kind: string; p50: number; p95: number }[] = []
    for (const [kind, query] of [
      ['first page, no search (class order)', 'perPage=25'],
      ['first page, by name', 'perPage=25&sortBy=fullName'],
    ] as const) {
      const runs: number[] = []
      for (let i = 0; i < 10; i++) runs.push((await timed(query)).ms)
      lists.push({ kind, p50: percentile(runs, 0.5), p95: percentile(runs, 0.95) })
    }
    // The counter's search box, then the family of the first match.
    const counter: { kind: string; p50: number; p95: number; hits: number }[] = []
    const families: number[] = []
    for (const [kind, make] of Object.entries(kinds)) {
      const runs: number[] = []
      let found = 0
      for (const s of picked) {
        const { ms, body } = await timedGet(
          `/api/collection/search?q=${encodeURIComponent(make(s))}`,
        )
        runs.push(ms)
        const first = (body as CounterMatchList).data[0]
        if (first) {
          found++
          if (kind === 'name') {
            families.push((await timedGet(`/api/collection/families/${first.studentId}`)).ms)
          }
        }
      }
      counter.push({ kind, p50: percentile(runs, 0.5), p95: percentile(runs, 0.95), hits: found })
    }
    const family = { p50: percentile(families, 0.5), p95: percentile(families, 0.95) }
    return { made: made!, seedSeconds, results, lists, counter, family }
  } finally {
    await t.database.close()
  }
}

/** Measures and prints against the budget; `verdict` answers "ok" or "OVER BUDGET". */
export async function studentsBench(verdict: (ok: boolean) => string) {
  const n = (x: number) => x.toLocaleString('en')
  console.log(
    `\nStudent search at ${n(count)} students (in-memory PGlite, server time per request)`,
  )
  const f = await measure()
  console.log(
    `${n(f.made.students)} students, ${n(f.made.enrolments)} enrolments, ${n(f.made.families)} families, ` +
      `made in bulk in ${f.seedSeconds.toFixed(1)} s`,
  )
  for (const r of f.results) {
    console.log(
      `  ${r.kind.padEnd(36)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ` +
        `(${r.hits}/${samples} found), budget p50 ${budgets.studentSearchP50Ms} ms  ` +
        verdict(r.p50 <= budgets.studentSearchP50Ms && r.hits === samples),
    )
  }
  console.log('  At the counter (/api/collection/search):')
  for (const r of f.counter) {
    console.log(
      `  ${r.kind.padEnd(36)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ` +
        `(${r.hits}/${samples} found), budget p50 ${budgets.studentSearchP50Ms} ms  ` +
        verdict(r.p50 <= budgets.studentSearchP50Ms && r.hits === samples),
    )
  }
  console.log(
    `  ${'the family opened (lines, fines)'.padEnd(36)} p50 ${f.family.p50.toFixed(1).padStart(6)} ms  ` +
      `p95 ${f.family.p95.toFixed(1).padStart(6)} ms  (no budget)`,
  )
  for (const r of f.lists) {
    console.log(
      `  ${r.kind.padEnd(36)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (no budget)`,
    )
  }
}

// Run alone (import.meta.main is not set under tsx's loader).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false
  await studentsBench((ok) => {
    if (!ok) failed = true
    return ok ? 'ok' : 'OVER BUDGET'
  })
  process.exitCode = failed ? 1 : 0
}
