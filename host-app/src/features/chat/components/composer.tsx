import '../../../lib/more-messages.ts'
import { type ChatMessageType, sendChatNotification, type UserRole } from '@mashura/core'
import { CHAT_MESSAGE_MAX } from '@mashura/core/contract/limits'
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { type VoiceNote, VoiceRecorder } from '../../../components/media/voice-recorder.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { showApiError } from '../../../lib/notices.ts'
import { uploadVoiceNote } from '../../../lib/voice-note.ts'

/** The props of {@link Composer}. */
export interface ComposerProps {
  /** The other party. */
  otherId: number
  otherRole: UserRole
  /** Called after a message was sent. */
  onSent: () => void
  /** Disables sending (chat not possible). */
  disabled?: boolean
}

/**
 * Writes and sends a message: a text (Enter sends, Shift+Enter starts a new line, at most 4000 characters)
 * or a recorded voice note (uploaded, then sent as type voice with the file's address).
 */
export function Composer({ otherId, otherRole, onSent, disabled = false }: ComposerProps) {
  const t = useT()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [note, setNote] = useState<VoiceNote | null>(null)
  const [recorderKey, setRecorderKey] = useState(0)
  const [sentCount, setSentCount] = useState(0)
  const hintId = useId()
  const countId = useId()
  const fieldId = useId()

  async function send(type: ChatMessageType, message: string): Promise<boolean> {
    try {
      await sendChatNotification(api, { id: otherId, notifiable_user: otherRole, type, message })
      setSentCount((n) => n + 1)
      onSent()
      return true
    } catch (error) {
      showApiError(error)
      return false
    }
  }

  async function sendText(event?: FormEvent) {
    event?.preventDefault()
    const message = text
    if (sending || disabled || message.trim() === '') return
    setSending(true)
    if (await send('text', message)) setText('')
    setSending(false)
  }

  async function sendVoice() {
    if (!note || sending || disabled) return
    setSending(true)
    const uploaded = await uploadVoiceNote(note.blob, note.seconds)
    // Spec 8: a failed voice note is cleared ("clear the URL"); its message was shown by the upload.
    if (!uploaded || (await send('voice', uploaded.file.full_path))) {
      setNote(null)
      setRecorderKey((k) => k + 1)
    }
    setSending(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that ends an input method's composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void sendText()
  }

  return (
    <div className="chat-composer" data-region="composer">
      <form className="chat-composer-text" onSubmit={sendText}>
        <label htmlFor={fieldId} className="visually-hidden">
          {t.t('chatPage.composer.label')}
        </label>
        <textarea
          id={fieldId}
          data-field="message"
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          placeholder={t.t('chat.placeholder')}
          aria-describedby={`${hintId} ${countId}`}
          disabled={disabled}
          onChange={(e) => setText(e.target.value.slice(0, CHAT_MESSAGE_MAX))}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button-primary"
          data-action="send-message"
          disabled={disabled || sending || text.trim() === ''}
        >
          {t.t(sending ? 'chatPage.composer.sending' : 'chat.send')}
        </button>
      </form>
      <p className="chat-composer-help muted">
        <span id={hintId}>{t.t('chatPage.composer.hint')}</span>{' '}
        <span id={countId} data-field="count">
          {t.t('chatPage.composer.count', { count: text.length, max: CHAT_MESSAGE_MAX })}
        </span>
      </p>
      <fieldset className="chat-composer-voice" disabled={disabled}>
        <legend className="visually-hidden">{t.t('chatPage.composer.voiceLabel')}</legend>
        <VoiceRecorder
          key={recorderKey}
          onRecorded={setNote}
          onCleared={() => setNote(null)}
          disabled={disabled || sending}
          maxSeconds={120}
        />
        {note ? (
          <button
            type="button"
            className="button button-primary"
            data-action="send-voice"
            disabled={sending}
            onClick={() => void sendVoice()}
          >
            {t.t('chatPage.composer.sendVoice')}
          </button>
        ) : null}
      </fieldset>
      <p className="visually-hidden" role="status">
        {sentCount > 0 ? <span key={sentCount}>{t.t('chatPage.composer.sent')}</span> : null}
      </p>
    </div>
  )
}
