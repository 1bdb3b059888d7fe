import { SearchIcon } from '../../components/layout/icons.tsx'
import { SearchForm } from '../../components/ui/search-form.tsx'
import { useT } from '../../lib/i18n.ts'

/**
 * The hero's search: "search for a consultant, advisor or interest", sent to the contributors search page
 * (a blank search lists everyone, as `paths.search` sends a single space). The search landmark is named by
 * the hero's heading so that it differs from the header's search (the `<search>` element is the landmark).
 */
export function HomeSearch({ labelledBy }: { labelledBy: string }) {
  const t = useT()
  return (
    <search aria-labelledby={labelledBy} data-region="home-search">
      <SearchForm
        className="home-search"
        label={t.t('home.search.label')}
        placeholder={t.t('home.search.label')}
        submitClassName="button button-primary"
        submit={
          <>
            <SearchIcon size={20} strokeWidth={2.5} />
            {t.t('nav.searchSubmit')}
          </>
        }
      />
    </search>
  )
}
