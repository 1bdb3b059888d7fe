import { getSmeHistory } from '@mashura/core'
import { Navigate, useParams } from 'react-router'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { idFrom } from '../../../lib/id-from.ts'
import { useApi } from '../../../lib/use-api.ts'
import { usePageParam } from '../../../lib/use-page-param.ts'
import { HistoryList } from './history-list.tsx'
import { RecsPage } from './recs-page.tsx'
import { SmeProfileHeader } from './sme-profile-header.tsx'

/**
 * `/smeHistory/{sessionId}/{smeId}`: an expert's view of a business owner's past sessions (with any
 * expert), paged, each linking to that session's recommendations, under the business owner's profile header.
 */
export function SmeHistoryPage() {
  const t = useT()
  const params = useParams()
  const sessionId = idFrom(params.sessionId)
  const smeId = idFrom(params.smeId)
  const page = usePageParam()
  const history = useApi(
    (signal) => getSmeHistory(api, { id: smeId ?? 0, page }, { signal }),
    [smeId, page, t.lang],
  )
  if (sessionId === null || smeId === null) return <Navigate to={paths.home.to()} replace />
  return (
    <RecsPage page="sme-history" sessionId={sessionId} title={t.t('sessions.businessOwnerHistory')}>
      <SmeProfileHeader smeId={smeId} />
      <HistoryList state={history} from={sessionId} smeId={smeId} />
    </RecsPage>
  )
}
