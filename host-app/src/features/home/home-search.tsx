import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { SearchIcon } from '../../components/layout/icons.tsx'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'

/**
 * The hero's search: "search for a consultant, advisor or interest", sent to the contributors search page
 * (a blank search lists everyone, as `paths.search` sends a single space). The search landmark is named by
 * the hero's heading so that it differs from the header's search (the `<search>` element is the landmark).
 */
export function HomeSearch({ labelledBy }: { labelledBy: string }) {
  const t = useT()
  const navigate = useNavigate()
  const inputId = useId()
  const [text, setText] = useState('')
  return (
    <search aria-labelledby={labelledBy} data-region="home-search">
      <form
        className="home-search"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate(paths.search.to(text))
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t.t('home.search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          value={text}
          placeholder={t.t('home.search.label')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          <SearchIcon size={20} strokeWidth={2.5} />
          {t.t('nav.searchSubmit')}
        </button>
      </form>
    </search>
  )
}
