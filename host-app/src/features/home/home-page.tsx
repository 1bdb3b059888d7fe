import { useT } from '../../lib/i18n.ts'
import { KindEntries, SubjectEntries } from './entry-cards.tsx'
import { Features } from './features.tsx'
import { HomeSearch } from './home-search.tsx'
import { MentorVideo } from './mentor-video.tsx'
import './home.css'

/**
 * The home page (`/`): the hero with the search, the entries to the subject types and to the expert lists,
 * the four fixed feature images and the mentor video.
 */
export function HomePage() {
  const t = useT()
  return (
    <div data-page="home" className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">{t.t('home.hero.title')}</h1>
        <p className="home-lead">{t.t('home.hero.lead')}</p>
        <HomeSearch labelledBy="home-title" />
      </section>
      <SubjectEntries />
      <KindEntries />
      <Features />
      <MentorVideo />
    </div>
  )
}
