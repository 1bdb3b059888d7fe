import '../../../lib/more-messages.ts'
import { type ChatMessage, formatDateTime, formatTime, MESSAGE_STATUS_READ } from '@mashura/core'
import { useT } from '../../../lib/i18n.ts'
import { useProtectedFileUrl } from '../../../lib/protected-file.ts'

/** A voice note: the browser's player, with its length said in words. */
function VoiceMessage({ message }: { message: ChatMessage }) {
  const t = useT()
  const { src, failed } = useProtectedFileUrl(message.file?.url ?? message.body ?? null)
  const seconds = message.file?.duration
  const label = seconds ? t.t('chatPage.thread.voice', { seconds }) : t.t('chatPage.thread.voiceShort')
  return (
    <div className="chat-voice" data-state={src ? 'ready' : failed ? 'failed' : 'loading'}>
      <span className="chat-voice-label">{label}</span>
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: a person's voice note has no captions to offer
        <audio controls preload="metadata" src={src} aria-label={label} data-field="voice-note" />
      ) : failed ? (
        <span className="muted">{t.t('chatPage.thread.fileFailed')}</span>
      ) : null}
    </div>
  )
}

/** An attached file, opened from a blob URL once fetched with the person's token. */
function FileLink({ url, name }: { url: string; name: string }) {
  const { src } = useProtectedFileUrl(url)
  return src ? (
    <a href={src} download={name} className="chat-file">
      {name}
    </a>
  ) : (
    <span className="chat-file">{name}</span>
  )
}

/**
 * One message. Its text is a React text node (never HTML) with its line breaks kept; links are not made
 * clickable. The sender and the time are said for screen readers; the read state shows on one's own messages.
 * The time is the Riyadh clock time (the day is on the thread's divider above); the full date is its tooltip.
 */
export function MessageItem({ message, otherName }: { message: ChatMessage; otherName: string }) {
  const t = useT()
  const file = message.type !== 'text' && message.type !== 'voice' ? (message.file?.url ?? null) : null
  return (
    <li
      className={`chat-message ${message.mine ? 'chat-message-mine' : 'chat-message-theirs'}`}
      data-message-id={message.id}
      data-mine={message.mine}
      data-type={message.type}
    >
      <span className="visually-hidden">{message.mine ? t.t('chatPage.thread.mine') : otherName}: </span>
      {message.type === 'voice' ? (
        <VoiceMessage message={message} />
      ) : file ? (
        <FileLink url={file} name={message.file?.name || t.t('chatPage.thread.file')} />
      ) : (
        <p className="chat-message-text" data-field="message-body" dir="auto">
          {message.body}
        </p>
      )}
      <span className="chat-message-meta">
        <time dateTime={message.created_at} title={formatDateTime(message.created_at, t.lang)}>
          {formatTime(message.created_at, t.lang)}
        </time>
        {/* Apart from the time by the row's gap, not a dot: beside Arabic-Indic digits it reads as 0. */}
        {message.mine ? (
          <>
            {' '}
            <span data-field="message-status">
              {t.t(message.status === MESSAGE_STATUS_READ ? 'chatPage.thread.read' : 'chatPage.thread.sent')}
            </span>
          </>
        ) : null}
      </span>
    </li>
  )
}
