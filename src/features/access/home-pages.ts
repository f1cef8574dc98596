import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { navItems } from '../../components/layout/nav-items.ts'
import type { AppAbility } from '../../shared/permissions/ability.ts'
import { mayLandOn } from '../../shared/permissions/route-access.ts'
import { readable } from './labels.ts'

/**
 * The pages a role may have as its home page: the menu's pages, which are the staff pages that
 * exist, each under its menu name. The route table also lists pages not built yet; they are
 * never offered. The role stores the path.
 */
export const homePages: { path: string; label: MessageDescriptor }[] = navItems.map((item) => ({
  path: item.to,
  label: item.label,
}))

/** `/` leads to the dashboard: the admin role's home page. */
const startPage = msg`Start page (Dashboard)`

/** The home pages an ability may open, in menu order. */
export const reachableHomePages = (ability: AppAbility): string[] =>
  homePages.filter((page) => mayLandOn(ability, page.path)).map((page) => page.path)

/** A home page by its name; a stored path that is no page (any more) is shown readably. */
export function homePageName(i18n: I18n, path: string): string {
  const label = path === '/' ? startPage : homePages.find((page) => page.path === path)?.label
  return label ? i18n._(label) : readable(path.replace(/\//g, ' '))
}
