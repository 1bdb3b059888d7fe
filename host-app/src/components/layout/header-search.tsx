import './header-search.css'
import { useEffect, useId, useState } from 'react'
import { useMatch, useNavigate } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { SearchIcon } from './icons.tsx'

/** The header's search box: submits to the contributors search page (a blank search sends a single space). */
export function HeaderSearch() {
  const t = useT()
  const navigate = useNavigate()
  const id = useId()
  const [text, setText] = useState('')
  // On the results page the box shows what was searched for (the router has already decoded it).
  const searched = useMatch(paths.search.pattern)?.params.text
  useEffect(() => {
    if (searched !== undefined) setText(searched.trim())
  }, [searched])
  return (
    // biome-ignore lint/a11y/useSemanticElements: the DOM contract is a search-role form (`<search>` is too new for some readers)
    <form
      role="search"
      data-region="header-search"
      className="header-search"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate(paths.search.to(text))
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t.t('nav.searchPlaceholder')}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        placeholder={t.t('shell.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="header-search-submit" title={t.t('nav.searchSubmit')}>
        <SearchIcon size={20} />
        <span className="visually-hidden">{t.t('nav.searchSubmit')}</span>
      </button>
    </form>
  )
}
