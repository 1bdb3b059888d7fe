import { type ComponentProps, type ReactNode, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths.ts'

/**
 * A search box that submits to the contributors search page (a blank search sends a single space, as
 * `paths.search` does): the header's and the home hero's. `searched`, when given, is shown in the box.
 */
export function SearchForm({
  label,
  placeholder,
  searched,
  submit,
  submitClassName,
  submitTitle,
  ...form
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  /** The input's (visually hidden) label. */
  label: string
  placeholder: string
  /** What was searched for, on the results page. */
  searched?: string | undefined
  /** The submit button's content. */
  submit: ReactNode
  submitClassName: string
  submitTitle?: string | undefined
}) {
  const navigate = useNavigate()
  const id = useId()
  // Drawn with the searched text (also on the server's page); a new search puts its text in the box.
  const [text, setText] = useState(() => searched?.trim() ?? '')
  const [shown, setShown] = useState(searched)
  if (shown !== searched) {
    setShown(searched)
    if (searched !== undefined) setText(searched.trim())
  }
  return (
    <form
      {...form}
      onSubmit={(event) => {
        event.preventDefault()
        void navigate(paths.search.to(text))
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={submitClassName} title={submitTitle}>
        {submit}
      </button>
    </form>
  )
}
