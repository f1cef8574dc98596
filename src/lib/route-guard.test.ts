import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { buildAbility } from '../shared/permissions/ability.ts'
import type { GuardedPath } from '../shared/permissions/route-access.ts'
import { guardRoute } from './route-guard.ts'
import type { UserData } from './session.ts'

type AbilityRule = UserData['ability'][number]

function fakeSession(user?: Partial<UserData>, valid = true) {
  const data: UserData | undefined = user && {
    id: '1',
    fullName: 'A',
    username: 'a',
    email: null,
    role: 'x',
    homeRoute: '/',
    ability: [{ action: 'read', subject: 'Auth' }],
    mustChangePassword: false,
    ...user,
  }
  return {
    userData: () => data,
    isLoggedIn: () => Boolean(data),
    isValid: () => valid,
  }
}

/** Where the guard sends the user, or 'proceed'. */
function outcome(path: GuardedPath, user?: Partial<UserData>, valid = true): string {
  const auth = fakeSession(user, valid)
  try {
    const rules = auth.userData()?.ability ?? [{ action: 'read' as const, subject: 'Auth' }]
    guardRoute({ auth, ability: buildAbility(rules) }, path, path)
    return 'proceed'
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown
    return String(thrown.options.to ?? thrown.options.href)
  }
}

const admin: AbilityRule[] = [{ action: 'manage', subject: 'all' }]
const cashier: AbilityRule[] = [
  { action: 'read', subject: 'Auth' },
  { action: 'read', subject: 'payment-collection' },
]

describe('the navigation guard (§4)', () => {
  it('opens platform pages to platform administrators only, an institute’s admin refused', () => {
    expect(outcome('/institutes')).toBe('/login')
    expect(outcome('/institutes', { ability: admin, role: 'admin' })).toBe(
      '/pages/miscellaneous/not-authorized',
    )
    expect(outcome('/institutes', { ability: admin, role: 'admin', platformAdmin: true })).toBe(
      'proceed',
    )
  })

  it('sends a visitor to sign-in from a guarded route, and lets them open open pages', () => {
    expect(outcome('/dashboard')).toBe('/login')
    expect(outcome('/coa')).toBe('/login')
    expect(outcome('/profile-password-change')).toBe('/login')
    expect(outcome('/login')).toBe('proceed')
    expect(outcome('/admission/$institute')).toBe('proceed')
  })

  it('sends a signed-in user without the permission to not-authorized', () => {
    expect(outcome('/dashboard', { ability: cashier, role: 'cashier' })).toBe(
      '/pages/miscellaneous/not-authorized',
    )
    expect(outcome('/vouchers', { ability: cashier })).toBe('/pages/miscellaneous/not-authorized')
    expect(outcome('/payment-collection', { ability: cashier })).toBe('proceed')
  })

  it('checks the permission named by the route, not the path', () => {
    const voucherReader: AbilityRule[] = [{ action: 'read', subject: 'getVouchers' }]
    expect(outcome('/vouchers', { ability: voucherReader })).toBe('proceed')
    const fintech: AbilityRule[] = [{ action: 'read', subject: 'ins-fintech' }]
    expect(outcome('/institute-campus-merchant-service', { ability: fintech })).toBe('proceed')
  })

  it('sends a signed-in user away from guest-only pages to the home of their role', () => {
    expect(outcome('/login', { ability: admin, role: 'admin' })).toBe('/')
    expect(
      outcome('/login', {
        ability: [{ action: 'read', subject: 'ACL' }, ...cashier],
        role: 'client',
      }),
    ).toBe('/access-control')
  })

  it('sends another signed-in role to its own home route, never back to a guest-only page', () => {
    expect(
      outcome('/login', { ability: cashier, role: 'cashier', homeRoute: '/payment-collection' }),
    ).toBe('/payment-collection')
  })

  it('sends a user who must choose a password to do that first', () => {
    expect(outcome('/dashboard', { ability: admin, mustChangePassword: true })).toBe(
      '/password-reset',
    )
    expect(outcome('/profile-password-change', { ability: admin, mustChangePassword: true })).toBe(
      '/password-reset',
    )
    expect(outcome('/password-reset', { ability: admin, mustChangePassword: true })).toBe('proceed')
  })

  it('sends a user whose session has lapsed to logout', () => {
    expect(outcome('/dashboard', { ability: admin }, false)).toBe('/logout')
  })

  it('lets an admin open everything', () => {
    expect(outcome('/dashboard', { ability: admin })).toBe('proceed')
    expect(outcome('/booklist-syllabus-lp-migration', { ability: admin })).toBe('proceed')
  })
})
