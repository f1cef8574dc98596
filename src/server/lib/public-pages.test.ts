import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.ts'
import { publicPagePath } from '../../shared/public-pages.ts'
import { assetsFrom } from './public-pages.ts'

/*
 * The host of the server-rendered public pages, with a stand-in for the build's server bundle
 * (src/public-app/entry-server.test.tsx renders the real pages): which requests it takes, what
 * it passes the bundle, the headers it adds, and the browser app as the fallback.
 */
const standIn = `
let fetchInProcess
export function setServerFetch(f) { fetchInProcess = f }
export async function render(request, assetsFor) {
  const path = new URL(request.url).pathname
  if (path.includes('broken')) throw new Error('render failed')
  const health = await fetchInProcess(new Request('http://localhost/api/health'))
  const assets = assetsFor(['public-app/pages/FormRoute.tsx', 'locales/de/messages.po'])
  return new Response('<p>rendered ' + path + ' ' + health.status + ' ' + JSON.stringify(assets) + '</p>', {
    status: path.includes('missing') ? 404 : 200,
    headers: { 'Content-Type': 'text/html; charset=UTF-8' },
  })
}`

const manifest = {
  'public-app/shell.html': {
    file: 'assets/shell-1.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['public-app/start.tsx', '_workbox.js'],
    css: ['assets/app-1.css'],
  },
  'public-app/start.tsx': { file: 'assets/start-1.js', imports: ['_react.js', '_query.js'] },
  '_query.js': { file: 'assets/query-1.js' },
  '_workbox.js': { file: 'assets/workbox-1.js' },
  '_react.js': { file: 'assets/react-1.js' },
  'public-app/pages/FormRoute.tsx': {
    file: 'assets/FormRoute-1.js',
    imports: ['_react.js', '_form.js'],
    css: ['assets/admission-1.css'],
  },
  '_form.js': { file: 'assets/form-1.js' },
  'locales/de/messages.po': { file: 'assets/messages-de.js' },
}

let t: TestApp
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'))
  mkdirSync(join(dir, '.ssr'))
  mkdirSync(join(dir, '.vite'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>browser app</title>')
  writeFileSync(join(dir, '.ssr/entry-server.js'), standIn)
  writeFileSync(join(dir, '.vite/public-manifest.json'), JSON.stringify(manifest))
  t = await createTestApp({ staticDir: dir })
})
afterAll(() => t.database.close())

const navigate = (path: string) => t.app.request(path, { headers: { Accept: 'text/html' } })

describe('server-rendered public pages', () => {
  it('renders a navigation to an admission page, reading through the app in-process', async () => {
    const res = await navigate('/admission/demo-school/some-form')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('rendered /admission/demo-school/some-form 200')
    // Personal data (the tracking page) stays out of shared caches; pages follow the language.
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('vary')).toBe('Accept-Language, Cookie')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('passes the renderer the entry, the app it starts (not what the entry loads later), the page’s chunks and catalog, and their styles', async () => {
    const html = await (await navigate('/admission/demo-school/some-form')).text()
    const assets = JSON.parse(/\{.*\}/.exec(html)![0]) as unknown
    expect(assets).toEqual({
      entry: '/assets/shell-1.js',
      preloads: [
        '/assets/react-1.js',
        '/assets/start-1.js',
        '/assets/query-1.js',
        '/assets/FormRoute-1.js',
        '/assets/form-1.js',
        '/assets/messages-de.js',
      ],
      css: ['/assets/app-1.css', '/assets/admission-1.css'],
    })
  })

  it('keeps the status the page has', async () => {
    expect((await navigate('/admission/missing')).status).toBe(404)
  })

  it('leaves other pages, other methods and non-page requests to the browser app', async () => {
    expect(await (await navigate('/dashboard')).text()).toContain('browser app')
    expect(await (await navigate('/profile-password-change')).text()).toContain('browser app')
    const script = await t.app.request('/admission/demo-school', {
      headers: { Accept: 'application/json' },
    })
    expect(await script.text()).not.toContain('rendered')
  })

  it('falls back to the browser app when rendering fails, and logs it', async () => {
    const res = await navigate('/admission/broken')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('browser app')
    expect(t.logLines.join('\n')).toContain('public page not rendered')
  })
})

describe('the public page paths', () => {
  it.each([
    ['/admission/demo-school', true],
    ['/admission/demo-school/', true],
    ['/admission/demo-school/form-1', true],
    ['/admission/demo-school/form-1/temporaryId/abc', true],
    ['/admission/demo-school/form-1/temporaryId/abc/attachment', true],
    ['/admission/demo-school/form-1/temporaryId/abc/other', false],
    ['/login', true],
    ['/login/x', false],
    ['/admission', false],
    ['/admission-forms', false],
    ['/receipt/verify/ABCDEFGHJK', true],
    ['/receipt/verify', false],
    ['/receipt/verify/ABCDEFGHJK/x', false],
    ['/admission/payment/demo-school/online-payment', true],
    ['/admission/payment/demo-school/online-payment/x', false],
    ['/payment/successful/demo-school', true],
    ['/payment/failed/demo-school', true],
    ['/payment/other/demo-school', false],
    ['/error-404', true],
    ['/pages/miscellaneous/not-authorized', true],
    ['/miscellaneous/connection-error', true],
    ['/miscellaneous', false],
    ['/pages/error-404', false],
    ['/miscellaneous/other', false],
    ['/forgot-password', true],
    ['/otp-verify', true],
    ['/register', true],
    ['/forgot-password/x', false],
    ['/password-reset', false],
    ['/profile-password-change', false],
  ])('%s → %s', (path, rendered) => {
    expect(publicPagePath.test(path)).toBe(rendered)
  })
})

describe('assetsFrom', () => {
  it('lists each file once, the entry first', () => {
    const assets = assetsFrom(manifest)(['public-app/pages/FormRoute.tsx', '_react.js'])
    expect(assets.entry).toBe('/assets/shell-1.js')
    expect(new Set(assets.preloads).size).toBe(assets.preloads.length)
  })
})
