import { HomePage } from '../../features/home/home-page.tsx'

/** `/`: the home page. */
export default function HomeRoute() {
  return <HomePage />
}
