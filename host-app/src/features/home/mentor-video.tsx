import { getMentorUrl } from '@mashura/core'
import { useEffect, useState } from 'react'
import { api } from '../../lib/api.ts'
import { useT } from '../../lib/i18n.ts'
import { useApi } from '../../lib/use-api.ts'
import { videoSource } from './video-source.ts'

/**
 * The promotional (mentor) video from the settings: a native player for a file; for an embed address, a
 * play button that puts the `<iframe>` in its place when pressed. A YouTube or Vimeo player is hundreds of
 * kilobytes of script that would run on every visit to the home page, on a phone too, before anyone asks
 * for it (issue 15); pressing the button starts the video at once. The section hides itself when the setting cannot be read, is empty, the file fails to play
 * or the site's content policy refuses the video's host: a broken player would be worse than none.
 */
/** The embed address that starts playing as it loads: the visitor has just pressed play. */
function playWhenLoaded(url: string): string {
  const address = new URL(url)
  address.searchParams.set('autoplay', '1')
  return address.href
}

export function MentorVideo() {
  const t = useT()
  const setting = useApi((signal) => getMentorUrl(api, { signal }), [])
  const [failed, setFailed] = useState(false)
  const [playing, setPlaying] = useState(false)
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
        {source.kind === 'embed' && !playing ? (
          <button type="button" className="video-play" onClick={() => setPlaying(true)}>
            <svg viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
              <rect width="68" height="48" rx="12" fill="currentColor" />
              <path d="M27 14v20l18-10z" fill="#fff" />
            </svg>
            <span className="video-play-label">{t.t('home.video.play')}</span>
            <span className="video-play-note">
              {t.t('home.video.playNote', { host: new URL(source.url).hostname })}
            </span>
          </button>
        ) : source.kind === 'embed' ? (
          <iframe
            src={playWhenLoaded(source.url)}
            title={t.t('home.video.frameTitle')}
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
