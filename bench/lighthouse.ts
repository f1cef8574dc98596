import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromiumArgs, chromiumPath } from '../tests/e2e/chromium.ts'
import { median } from './median.ts'

const root = resolve(import.meta.dirname, '..')

interface LighthouseFigures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number
}

interface Report {
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
  environment: { benchmarkIndex: number }
}

/** One mobile performance run (simulated slow 4G and a slow CPU), or undefined if it failed. */
function run(pageUrl: string): LighthouseFigures | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'ems-lighthouse-'))
  const out = join(dir, 'report.json')
  try {
    const lighthouse = spawnSync(
      join(root, 'node_modules/.bin/lighthouse'),
      [
        pageUrl,
        '--quiet',
        '--only-categories=performance',
        '--form-factor=mobile',
        `--chrome-flags=${chromiumArgs.join(' ')}`,
        '--output=json',
        `--output-path=${out}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: 'ignore', timeout: 180_000 },
    )
    if (lighthouse.status !== 0 || !existsSync(out)) return undefined
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report
    const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN
    return {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcpMs: value('first-contentful-paint'),
      benchmarkIndex: report.environment.benchmarkIndex,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Lighthouse's mobile run of the page `runs` times, one after another, and the median of each
 * figure (taken separately); undefined when Lighthouse is not installed or no run succeeded.
 * The benchmark index shows how busy the machine was: these figures swing with it.
 */
export function lighthouseMedians(
  pageUrl: string,
  runs: number,
): (LighthouseFigures & { runs: number }) | undefined {
  if (!existsSync(join(root, 'node_modules/.bin/lighthouse'))) return undefined
  const done: LighthouseFigures[] = []
  for (let i = 0; i < runs; i++) {
    const figures = run(pageUrl)
    if (figures) done.push(figures)
  }
  if (done.length === 0) return undefined
  const of = (figure: keyof LighthouseFigures) => median(done.map((f) => f[figure]))
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    benchmarkIndex: of('benchmarkIndex'),
    runs: done.length,
  }
}
