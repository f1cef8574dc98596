const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** Product names ("Chrome", "Linux") from a user-agent string: enough to recognise one's devices. */
export function describeDevice(userAgent: string | null): { browser?: string; system?: string } {
  if (!userAgent) return {}
  return {
    browser: browsers.find(([re]) => re.test(userAgent))?.[1],
    system: systems.find(([re]) => re.test(userAgent))?.[1],
  }
}
