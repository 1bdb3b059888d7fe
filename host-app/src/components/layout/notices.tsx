import './notices.css'
import { useStore } from '@nanostores/react'
import { Link } from 'react-router'
import { paths } from '../../config/paths.ts'
import { useT } from '../../lib/i18n.ts'
import {
  $errorNotice,
  $snackbar,
  hideErrorNotice,
  hideSnackbar,
  type ShownNotice,
} from '../../lib/notices.ts'
import { CloseIcon } from './icons.tsx'

/** A notice's words: server text as is, or our own catalog message. */
function useNoticeText(): (notice: ShownNotice) => string {
  const t = useT()
  return (notice) => notice.text ?? (notice.key ? t.t(notice.key, notice.values) : '')
}

/**
 * The snackbar and the error notice (spec sections 4, 8). Both regions stay in the page so that screen
 * readers announce what appears in them; core's stores hide them after 4 and 10 seconds.
 */
export function Notices() {
  const t = useT()
  const text = useNoticeText()
  const snackbar = useStore($snackbar)
  const error = useStore($errorNotice)
  return (
    <div className="notices">
      <div className="notice-slot" data-region="error-notice" role="alert">
        {error ? (
          <div className="notice notice-error" key={error.id}>
            <p className="notice-text">{text(error)}</p>
            <button
              type="button"
              className="notice-close"
              onClick={hideErrorNotice}
              title={t.t('common.close')}
            >
              <CloseIcon size={18} />
              <span className="visually-hidden">{t.t('common.close')}</span>
            </button>
          </div>
        ) : null}
      </div>
      <div className="notice-slot" data-region="snackbar" role="status">
        {snackbar ? (
          <div className={`notice notice-${snackbar.kind}`} key={snackbar.id}>
            <p className="notice-text">{text(snackbar)}</p>
            {snackbar.link ? (
              <Link className="notice-link" to={snackbar.link} onClick={hideSnackbar}>
                {t.t(
                  snackbar.link.startsWith(paths.request.to(''))
                    ? 'snackbar.viewRequest'
                    : 'snackbar.viewSession',
                )}
              </Link>
            ) : null}
            <button
              type="button"
              className="notice-close"
              onClick={hideSnackbar}
              title={t.t('snackbar.dismiss')}
            >
              <CloseIcon size={18} />
              <span className="visually-hidden">{t.t('snackbar.dismiss')}</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
