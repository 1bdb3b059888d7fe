import { useSearchParams } from 'react-router'
import { SmeRatePage } from '../../features/info/sme-rate-page.tsx'

/** `/smeRate?token=…`: the rating page (in the bare layout, without header and footer). */
export default function SmeRateRoute() {
  const [params] = useSearchParams()
  const token = params.get('token')?.trim()
  return <SmeRatePage token={token ? token : null} />
}
