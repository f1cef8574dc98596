import type { Area } from '../../lib/area.ts'
import { impersonationRoutes } from './impersonation.ts'
import { loginRoutes } from './login.ts'
import { passwordRoutes } from './password.ts'
import { recoveryRoutes } from './recovery.ts'
import { registerRoutes, type CreateInstitute } from './register.ts'
import { sessionRoutes } from './sessions.ts'

/** Sign-in, sessions and recovery; registering creates an institute the way its area does. */
export const authArea = (createInstitute: CreateInstitute): Area => ({
  name: 'auth',
  mounts: [
    { path: '/auth/login', routes: loginRoutes },
    { path: '/auth/impersonate', routes: impersonationRoutes },
    // Before the recovery routes, whose rate limit covers the rest of /auth.
    { path: '/auth/register', routes: registerRoutes(createInstitute) },
    { path: '/auth', routes: sessionRoutes },
    { path: '/auth', routes: passwordRoutes },
    { path: '/auth', routes: recoveryRoutes() },
  ],
  publicEndpoints: [
    'POST /api/auth/login',
    // Carries the refresh token instead of an access token (§4).
    'POST /api/auth/refresh-login',
    'GET /api/auth/register',
    'POST /api/auth/register',
    'POST /api/auth/forgot-username/send-username',
    'POST /api/auth/forgot/get-email-and-phone',
    'POST /api/auth/forgot/otp-send',
    'POST /api/auth/forgot/verify-otp',
    'POST /api/auth/forgot/password-reset',
    'POST /api/auth/forgot-password',
    'POST /api/auth/otp-verify',
    'POST /api/auth/email-resend-otp',
    'POST /api/auth/mobile-resend-otp',
  ],
})
