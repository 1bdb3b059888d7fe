import '../../lib/more-messages.ts'
import './voice-recorder.css'
import type { HostAppMessageKey } from '../../i18n/index.ts'
import { useT } from '../../lib/i18n.ts'
import { ActionButton } from '../ui/action-button.tsx'
import { type RecorderState, useRecorder, type VoiceNote } from './use-recorder.ts'

export type { VoiceNote } from './use-recorder.ts'

/** The props of {@link VoiceRecorder}. */
export interface VoiceRecorderProps {
  /** Called with each finished recording (after stop, or when `maxSeconds` is reached). */
  onRecorded: (note: VoiceNote) => void
  /** Called when the person deletes the recording or starts again. */
  onCleared?: () => void
  /** Disables every control (e.g. while the recording uploads). Defaults to false. */
  disabled?: boolean
  /** The longest recording in seconds; recording stops by itself there. Defaults to 300. */
  maxSeconds?: number
}

/** The message said (and shown) for each state; the timer is not announced every second. */
const STATUS_KEYS: Record<RecorderState, HostAppMessageKey> = {
  idle: 'recs.voice.idle',
  requesting: 'recs.voice.requesting',
  recording: 'recs.voice.recording',
  recorded: 'recs.voice.recorded',
  denied: 'recs.voice.denied',
  unsupported: 'recs.voice.unsupported',
  failed: 'recs.voice.failed',
}

/**
 * A voice note recorded in the browser: record, stop, play back, record again or delete, with a timer.
 * Uses MediaRecorder (Opus in WebM where supported, else what the browser records). A refused microphone
 * and a browser without recording are said in words. To clear it from outside (e.g. after a failed upload),
 * give it a new `key`.
 *
 * DOM: `data-region="voice-recorder"` with `data-state` (idle, requesting, recording, recorded, denied,
 * unsupported, failed); buttons `data-action` record-voice, stop-voice, rerecord-voice, delete-voice.
 */
export function VoiceRecorder({
  onRecorded,
  onCleared,
  disabled = false,
  maxSeconds = 300,
}: VoiceRecorderProps) {
  const t = useT()
  const { state, elapsed, url, start, stop, clear } = useRecorder(maxSeconds, onRecorded)
  const clock = (seconds: number) =>
    t.t('recs.voice.clock', {
      minutes: Math.floor(seconds / 60),
      seconds: t.intl.formatNumber(seconds % 60, { minimumIntegerDigits: 2 }),
    })
  const restart = () => {
    clear()
    onCleared?.()
    void start()
  }
  const remove = () => {
    clear()
    onCleared?.()
  }
  const problem = state === 'denied' || state === 'unsupported' || state === 'failed'

  return (
    <div className="voice-recorder" data-region="voice-recorder" data-state={state}>
      <div className="voice-recorder-controls">
        {state === 'recording' ? (
          <>
            <span className="voice-recorder-dot" aria-hidden="true" />
            <span className="voice-recorder-clock" role="timer">
              {clock(elapsed)}
              <span className="visually-hidden"> / {clock(maxSeconds)}</span>
            </span>
            <ActionButton tone="primary" action="stop-voice" onClick={stop} disabled={disabled}>
              {t.t('recs.voice.stop')}
            </ActionButton>
          </>
        ) : state === 'recorded' && url ? (
          <>
            {/* biome-ignore lint/a11y/useMediaCaption: a voice note just recorded has no captions to offer */}
            <audio
              className="voice-recorder-audio"
              controls
              src={url}
              aria-label={t.t('recs.voice.playback')}
            />
            <span className="voice-recorder-clock">{clock(elapsed)}</span>
            <ActionButton action="rerecord-voice" onClick={restart} disabled={disabled}>
              {t.t('recs.voice.rerecord')}
            </ActionButton>
            <ActionButton tone="danger" action="delete-voice" onClick={remove} disabled={disabled}>
              {t.t('recs.voice.delete')}
            </ActionButton>
          </>
        ) : state !== 'unsupported' ? (
          <ActionButton
            action="record-voice"
            onClick={() => void start()}
            disabled={disabled || state === 'requesting'}
          >
            <MicIcon />
            {t.t(state === 'denied' || state === 'failed' ? 'recs.voice.retry' : 'recs.voice.record')}
          </ActionButton>
        ) : null}
      </div>
      <p
        className={problem ? 'voice-recorder-status voice-recorder-problem' : 'voice-recorder-status'}
        role="status"
      >
        {t.t(STATUS_KEYS[state], { max: Math.round(maxSeconds / 60) })}
      </p>
    </div>
  )
}

function MicIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z"
      />
    </svg>
  )
}
