import { Trans } from '@lingui/react/macro'

export function Footer() {
  const year = new Date().getFullYear()
  const name = __APP_NAME__
  return (
    <footer className="footer footer-static">
      <span>
        <Trans>
          © {year} {name}
        </Trans>
      </span>
      <span className="footer-version">v{__APP_VERSION__}</span>
    </footer>
  )
}
