import {
  type CallData,
  formatDateTime,
  getMyDataExport,
  isApiError,
  LOCALES,
  requestMyDataExport,
  timeZoneLabel,
} from '@mashura/core'
import { useEffect, useId, useState } from 'react'
import { ActionButton } from '../../components/ui/action-button.tsx'
import { Loaded } from '../../components/ui/loaded.tsx'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { downloadProtectedFile } from '../../lib/protected-file.ts'
import { useApi } from '../../lib/use-api.ts'

type ExportState = CallData<'getMyDataExport'>

/** How often the card looks again while the copy is being prepared. */
const POLL_MS = 3000

/** A size in bytes in the person's language (KB or MB). */
function sizeText(bytes: number, lang: 'ar' | 'en'): string {
  const mb = bytes >= 1_000_000
  // The dates' locales: Arabic-Indic digits in Arabic.
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000))
}

/**
 * The export's card: what the copy holds, and its state — the button to ask for one; "preparing" (looked at
 * again every few seconds); ready, with its download and until when; or when a new one may be asked for.
 */
export function ExportCard() {
  const t = useT()
  const headingId = useId()
  const [tick, setTick] = useState(0)
  const state = useApi((signal) => getMyDataExport(api, { signal }).then((r) => r.data), [t.lang, tick])
  const [asked, setAsked] = useState<ExportState | null>(null)
  const [busy, setBusy] = useState<'request' | 'download' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const current = asked && (!state.data || state.loading) ? asked : state.data
  const preparing = current?.latest?.state === 'preparing'

  useEffect(() => {
    if (!preparing) return
    const timer = window.setInterval(() => setTick((n) => n + 1), POLL_MS)
    return () => window.clearInterval(timer)
  }, [preparing])

  const ask = async () => {
    setBusy('request')
    setError(null)
    try {
      setAsked((await requestMyDataExport(api)).data)
      setTick((n) => n + 1)
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t.t('common.error'))
      setTick((n) => n + 1)
    } finally {
      setBusy(null)
    }
  }

  const download = async (url: string, requestedAt: string) => {
    setBusy('download')
    setError(null)
    try {
      await downloadProtectedFile(url, `mashura-my-data-${requestedAt.slice(0, 10)}.zip`)
    } catch {
      setError(t.t('myData.downloadFailed'))
    } finally {
      setBusy(null)
    }
  }

  const when = (iso: string) => `${formatDateTime(iso, t.lang)} (${timeZoneLabel(t.lang)})`

  return (
    <section className="card my-data-export" aria-labelledby={headingId} data-region="my-data-export">
      <h2 id={headingId}>{t.t('myData.exportTitle')}</h2>
      <p>{t.t('myData.exportWhat')}</p>
      <Loaded state={{ ...state, data: current }}>
        {({ latest, next_request_at }) => (
          <>
            <div role="status" className="my-data-export-state" data-export-state={latest?.state ?? 'none'}>
              {latest?.state === 'preparing' ? <p>{t.t('myData.preparing')}</p> : null}
              {latest?.state === 'ready' && latest.expires_at ? (
                <p>
                  {t.t('myData.ready', {
                    size: sizeText(latest.size ?? 0, t.lang),
                    until: when(latest.expires_at),
                  })}
                </p>
              ) : null}
              {latest?.state === 'failed' ? <p>{t.t('myData.failed')}</p> : null}
              {latest?.state === 'expired' ? <p>{t.t('myData.expired')}</p> : null}
              {latest ? (
                <p className="muted">{t.t('myData.requestedAt', { when: when(latest.requested_at) })}</p>
              ) : null}
              {next_request_at && latest?.state !== 'preparing' ? (
                <p data-field="next-request">{t.t('myData.nextAt', { when: when(next_request_at) })}</p>
              ) : null}
            </div>
            <div className="my-data-export-actions">
              {latest?.state === 'ready' && latest.download_url ? (
                <ActionButton
                  tone="primary"
                  action="download-my-data"
                  busy={busy === 'download'}
                  disabled={busy !== null}
                  onClick={() => void download(latest.download_url!, latest.requested_at)}
                >
                  {t.t(busy === 'download' ? 'myData.downloading' : 'myData.download')}
                </ActionButton>
              ) : null}
              {latest?.state !== 'preparing' ? (
                <ActionButton
                  tone={latest?.state === 'ready' ? undefined : 'primary'}
                  action="request-my-data"
                  busy={busy === 'request'}
                  disabled={busy !== null || next_request_at !== null}
                  aria-describedby={next_request_at ? `${headingId}-next` : undefined}
                  onClick={() => void ask()}
                >
                  {t.t(busy === 'request' ? 'myData.requesting' : 'myData.request')}
                </ActionButton>
              ) : null}
              {next_request_at && latest?.state !== 'preparing' ? (
                <span id={`${headingId}-next`} className="visually-hidden">
                  {t.t('myData.nextAt', { when: when(next_request_at) })}
                </span>
              ) : null}
            </div>
          </>
        )}
      </Loaded>
      {error ? (
        <p className="error-box" role="alert" data-field="my-data-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
