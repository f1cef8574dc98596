import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PageLink } from '../../components/PageLink.tsx'
import './auth.css'

/** The card every sign-in and recovery screen sits in. */
export function AuthCard(props: {
  title: ReactNode
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <section className="auth-card card">
      <h1>{props.title}</h1>
      {props.intro && <p className="muted">{props.intro}</p>}
      {props.children}
      {props.footer && <div className="auth-links">{props.footer}</div>}
    </section>
  )
}

export function BackToSignIn() {
  return (
    <PageLink href="/login">
      <Trans>Back to sign-in</Trans>
    </PageLink>
  )
}
