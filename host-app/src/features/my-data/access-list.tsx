import { type CallData, formatDateTime, getMyDataAccesses, timeZoneLabel } from '@mashura/core'
import { useId } from 'react'
import { Loaded } from '../../components/ui/loaded.tsx'
import { Pager } from '../../components/ui/pager.tsx'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { usePageParam } from '../../lib/use-page-param.ts'

type Access = CallData<'getMyDataAccesses'>[number]

/** One entry's sentence: who did what to which of the person's data. */
function AccessText({ entry }: { entry: Access }) {
  const t = useT()
  const role = t.t(`myData.role.${entry.actor.role}`)
  // A name keeps its own direction inside the sentence of the other language (first-strong isolate).
  const name = entry.actor.name ? `\u2068${entry.actor.name}\u2069` : role
  switch (entry.kind) {
    case 'contact_read':
      return (
        <>
          {t.t('myData.kind.contactRead', {
            name,
            role,
            fields: entry.fields
              .map((field) => t.t(`myData.field.${field}`))
              .join(t.lang === 'ar' ? '، ' : ', '),
          })}
        </>
      )
    case 'other':
      return <>{t.t('myData.kind.other', { name, action: entry.via })}</>
    case 'export_requested':
      return <>{t.t('myData.kind.exportRequested')}</>
    case 'export_downloaded':
      return <>{t.t('myData.kind.exportDownloaded')}</>
    default:
      return <>{t.t('myData.kind.consent')}</>
  }
}

/** Who used the person's data, newest first, a page at a time (`?page=`). */
export function AccessList() {
  const t = useT()
  const headingId = useId()
  const page = usePageParam()
  const list = useApi((signal) => getMyDataAccesses(api, { page }, { signal }), [t.lang, page])
  return (
    <section className="my-data-accesses" aria-labelledby={headingId} data-region="my-data-accesses">
      <h2 id={headingId}>{t.t('myData.accessesTitle')}</h2>
      <p className="muted">{t.t('myData.accessesIntro')}</p>
      <Loaded state={list}>
        {({ data, meta }) =>
          data.length === 0 ? (
            <p className="empty-state" data-state="empty">
              {t.t('myData.accessesEmpty')}
            </p>
          ) : (
            <>
              <ol className="my-data-access-list">
                {data.map((entry) => (
                  <li key={entry.id} className="card my-data-access" data-access-kind={entry.kind}>
                    <p className="my-data-access-what">
                      <AccessText entry={entry} />
                    </p>
                    <p className="muted my-data-access-meta">
                      <time dateTime={entry.occurred_at}>
                        {formatDateTime(entry.occurred_at, t.lang)} ({timeZoneLabel(t.lang)})
                      </time>
                      {entry.session_id !== null ? (
                        <span> · {t.t('myData.session', { id: entry.session_id })}</span>
                      ) : null}
                      {entry.kind === 'contact_read' ? (
                        <span>
                          {' · '}
                          {`${t.t('myData.via')} `}
                          <bdi dir="ltr">{entry.via}</bdi>
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ol>
              <Pager meta={meta} />
            </>
          )
        }
      </Loaded>
    </section>
  )
}
