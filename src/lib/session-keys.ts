/** Where the session of §3 is kept; apart from session.ts so a public page can ask cheaply. */
export const sessionKeys = {
  userData: 'userData',
  rememberMe: 'isRememberMe',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const
