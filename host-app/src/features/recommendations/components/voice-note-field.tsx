import '../../../lib/more-messages.ts'
import type { StoredFile } from '@mashura/core'
import { useState } from 'react'
import { type VoiceNote, VoiceRecorder } from '../../../components/media/voice-recorder.tsx'
import { useT } from '../../../lib/i18n.ts'
import { uploadVoiceNote } from '../../../lib/voice-note.ts'
import { FieldError } from './field-error.tsx'
import { ProtectedAudio } from './protected-audio.tsx'

type Uploaded = { file: StoredFile; duration: number }

/**
 * The voice note: recorded in the browser and uploaded as soon as it is stopped. A failed upload clears
 * the recording (spec section 8; `uploadVoiceNote` decides whether its message is shown). A note uploaded
 * before a reload comes back from the draft as a player with delete.
 */
export function VoiceNoteField({
  value,
  onChange,
  error,
}: {
  value: Uploaded | null
  onChange: (value: Uploaded | null) => void
  error: string | undefined
}) {
  const t = useT()
  // A new key mounts a fresh, empty recorder: how a failed upload clears the recording.
  const [recorderKey, setRecorderKey] = useState(0)
  const [uploading, setUploading] = useState(false)
  // Whether the recorder on screen holds the uploaded note (else the note came from the draft).
  const [inRecorder, setInRecorder] = useState(false)

  async function recorded(note: VoiceNote) {
    setUploading(true)
    const result = await uploadVoiceNote(note.blob, note.seconds)
    setUploading(false)
    if (result) {
      onChange(result)
      setInRecorder(true)
    } else {
      onChange(null)
      setInRecorder(false)
      setRecorderKey((key) => key + 1)
    }
  }

  const status = uploading ? 'uploading' : value ? 'uploaded' : 'empty'
  return (
    <div className="recs-field" id="recs-field-voice_note" data-field="voice_note" data-state={status}>
      <p className="recs-label" id="recs-voice-label">
        {t.t('recommendations.voiceNote')} <span className="muted">({t.t('common.optional')})</span>
      </p>
      {value && !inRecorder ? (
        <div className="recs-saved-voice">
          <ProtectedAudio url={value.file.full_path} label={t.t('recommendations.voiceNote')} />
          <button
            type="button"
            className="button button-danger"
            onClick={() => onChange(null)}
            data-action="delete-saved-voice"
          >
            {t.t('recs.voice.delete')}
          </button>
        </div>
      ) : (
        <VoiceRecorder
          key={recorderKey}
          disabled={uploading}
          onRecorded={(note) => void recorded(note)}
          onCleared={() => {
            onChange(null)
            setInRecorder(false)
          }}
        />
      )}
      <p className="muted recs-voice-status" role="status">
        {uploading ? t.t('recs.voice.uploading') : value ? t.t('recs.voice.uploaded') : ''}
      </p>
      <FieldError id="recs-voice-error" field="voice_note" message={error} />
    </div>
  )
}
