import type { ReactNode } from 'react'

/** The frame of every status page: a code or picture, a title, an explanation, a way on. */
export function StatusPage(props: {
  code?: string
  title: ReactNode
  children: ReactNode
  actions?: ReactNode
  testId: string
}) {
  return (
    <section className="status-page card" data-testid={props.testId}>
      {props.code && (
        <p className="status-code" aria-hidden="true">
          {props.code}
        </p>
      )}
      <h1>{props.title}</h1>
      <div className="status-text">{props.children}</div>
      {props.actions && <div className="status-actions">{props.actions}</div>}
    </section>
  )
}
