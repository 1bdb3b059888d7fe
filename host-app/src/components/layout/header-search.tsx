import './header-search.css'
import { useMatch } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import { SearchForm } from '../ui/search-form.tsx'
import { SearchIcon } from './icons.tsx'

/** The header's search box: submits to the contributors search page (a blank search sends a single space). */
export function HeaderSearch() {
  const t = useT()
  // On the results page the box shows what was searched for (the router has already decoded it).
  const searched = useMatch(paths.search.pattern)?.params.text
  return (
    <SearchForm
      // The DOM contract is a search-role form (`<search>` is too new for some readers).
      role="search"
      data-region="header-search"
      className="header-search"
      label={t.t('nav.searchPlaceholder')}
      placeholder={t.t('shell.search.placeholder')}
      searched={searched}
      submitClassName="header-search-submit"
      submitTitle={t.t('nav.searchSubmit')}
      submit={
        <>
          <SearchIcon size={20} />
          <span className="visually-hidden">{t.t('nav.searchSubmit')}</span>
        </>
      }
    />
  )
}
