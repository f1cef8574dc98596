import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

/** A search input that reports what was typed once the typing pauses. */
export function SearchBox({
  value,
  onSearch,
  label,
}: {
  value: string
  onSearch: (q: string) => void
  label?: string
}) {
  const { t } = useLingui()
  const [text, setText] = useState(value)
  // The search changed from outside (back button, a link): show it.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(value)
  }
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => onSearch(text.trim()), 300)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])
  return (
    <input
      type="search"
      className="search-box"
      aria-label={label ?? t`Search`}
      placeholder={label ?? t`Search`}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  )
}
