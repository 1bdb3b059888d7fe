import '../../../lib/more-messages.ts'
import { useT } from '../../../lib/i18n.ts'
import { useProtectedFileUrl } from '../../../lib/protected-file.ts'

/** A player for an uploaded voice note (fetched with the request's credentials first). */
export function ProtectedAudio({ url, label }: { url: string; label: string }) {
  const t = useT()
  const { src, failed } = useProtectedFileUrl(url)
  if (failed) return <p className="muted">{t.t('recs.file.unavailable')}</p>
  return (
    // biome-ignore lint/a11y/useMediaCaption: a recorded voice note has no captions to offer
    <audio
      className="recs-audio"
      controls
      src={src ?? undefined}
      aria-label={label}
      data-region="voice-note-player"
    />
  )
}
