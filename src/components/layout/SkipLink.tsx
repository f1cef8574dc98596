import { Trans } from '@lingui/react/macro'

/** The id of the staff shell's <main>, where the skip link goes. */
export const mainContentId = 'main-content'

/**
 * The first stop of Tab in the staff shell, shown when it has the focus: it takes keyboard users
 * past the menu to the page. Focused in place rather than followed, so the address stays as it is.
 */
export function SkipLink() {
  return (
    <a
      href={`#${mainContentId}`}
      className="skip-link"
      onClick={(e) => {
        e.preventDefault()
        document.getElementById(mainContentId)?.focus()
      }}
    >
      <Trans>Skip to content</Trans>
    </a>
  )
}
