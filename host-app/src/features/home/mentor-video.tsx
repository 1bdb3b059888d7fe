import { getMentorUrl } from '@mashura/core'
import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { videoSource } from './video-source.ts'

/**
 * The promotional (mentor) video from the settings: a native player for a file, a lazy `<iframe>` for an
 * embed address. The section hides itself when the setting cannot be read, is empty, the file fails to play
 * or the site's content policy refuses the video's host: a broken player would be worse than none.
 */
export function MentorVideo() {
  const t = useT()
  const setting = useApi((signal) => getMentorUrl(api, { signal }), [])
  const [failed, setFailed] = useState(false)
  const source = setting.data ? videoSource(setting.data.data.value) : null
  const origin = source ? new URL(source.url).origin : null
  useEffect(() => {
    if (!origin) return
    // A page whose content policy refuses the video's host would show a broken frame: hide it instead.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith(origin)) setFailed(true)
    }
    document.addEventListener('securitypolicyviolation', onViolation)
    return () => document.removeEventListener('securitypolicyviolation', onViolation)
  }, [origin])
  if (!source || failed) return null
  return (
    <section className="home-section" aria-labelledby="home-video" data-region="mentor-video">
      <h2 id="home-video">{t.t('home.video.title')}</h2>
      <div className="video-frame">
        {source.kind === 'embed' ? (
          <iframe
            src={source.url}
            title={t.t('home.video.frameTitle')}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: the agency's promotional video comes without a captions track
          <video
            src={source.url}
            controls
            preload="none"
            aria-label={t.t('home.video.frameTitle')}
            onError={() => setFailed(true)}
          />
        )}
      </div>
    </section>
  )
}
