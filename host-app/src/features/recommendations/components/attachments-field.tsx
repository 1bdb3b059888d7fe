import '../../../lib/more-messages.ts'
import { isApiError, type StoredFile, uploadAttachments } from '@mashura/core'
import { type ChangeEvent, useId, useState } from 'react'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { downloadProtectedFile } from '../../../lib/protected-file.ts'
import { ATTACHMENTS_MAX } from '../draft.ts'
import { FieldError } from './field-error.tsx'

/** The types the server accepts (it checks the bytes; this only narrows the file chooser). */
const ACCEPT = '.pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.webp,.gif'

/** A file size in kB or MB, in the page's language. */
export function useFileSize(): (bytes: number) => string {
  const t = useT()
  return (bytes) =>
    bytes >= 1024 * 1024
      ? t.intl.formatNumber(bytes / 1024 / 1024, {
          style: 'unit',
          unit: 'megabyte',
          maximumFractionDigits: 1,
        })
      : t.intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
}

/**
 * Attachments: files chosen are uploaded at once (multipart `files[]`) and listed with name, size and
 * remove. A refusal (type, size, count) shows the server's own message beside the field.
 */
export function AttachmentsField({
  value,
  onChange,
  error,
}: {
  value: StoredFile[]
  onChange: (value: StoredFile[]) => void
  error: string | undefined
}) {
  const t = useT()
  const id = useId()
  const size = useFileSize()
  const [uploading, setUploading] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const full = value.length >= ATTACHMENTS_MAX

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const files = [...(input.files ?? [])]
    // Cleared so that choosing the same file again fires a change.
    input.value = ''
    if (files.length === 0) return
    setRefused(null)
    if (value.length + files.length > ATTACHMENTS_MAX) {
      setRefused(t.t('recs.attachments.tooMany', { max: ATTACHMENTS_MAX }))
      return
    }
    setUploading(true)
    try {
      const { data } = await uploadAttachments(api, { files })
      onChange([...value, ...data.files])
    } catch (failure) {
      const shown = isApiError(failure) && failure.status > 0 && failure.status < 500
      if (!shown) console.error(failure)
      setRefused(shown ? failure.message : t.t('recs.attachments.failed'))
    } finally {
      setUploading(false)
    }
  }

  const message = refused ?? error
  const errorId = `${id}-error`
  return (
    <div
      className="recs-field"
      id="recs-field-attachments"
      data-field="attachments"
      data-state={uploading ? 'uploading' : 'idle'}
    >
      <p className="recs-label">
        {t.t('recommendations.attachments')} <span className="muted">({t.t('common.optional')})</span>
      </p>
      <p className="muted" id={`${id}-hint`}>
        {t.t('recs.attachments.hint', { max: ATTACHMENTS_MAX })}
      </p>
      {value.length > 0 ? (
        <ul className="recs-files" data-region="attachments-list">
          {value.map((file) => (
            <li key={file.path} className="recs-file" data-file-path={file.path}>
              <button
                type="button"
                className="recs-link-button recs-file-name"
                onClick={() => void downloadProtectedFile(file.full_path, file.name).catch(console.error)}
              >
                {file.name}
              </button>
              <span className="muted recs-file-size">{size(file.size)}</span>
              <button
                type="button"
                className="button"
                onClick={() => onChange(value.filter((f) => f.path !== file.path))}
                aria-label={t.t('recs.attachments.remove', { name: file.name })}
                data-action="remove-attachment"
              >
                {t.t('recs.attachments.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <input
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden recs-file-input"
          onChange={(event) => void choose(event)}
          disabled={uploading || full}
          aria-describedby={message ? `${id}-hint ${errorId}` : `${id}-hint`}
          data-action="add-attachments"
        />
        <label
          htmlFor={id}
          className={uploading || full ? 'button recs-file-button is-disabled' : 'button recs-file-button'}
        >
          {t.t('recommendations.addAttachments')}
        </label>
      </div>
      <p className="muted" role="status">
        {uploading
          ? t.t('recs.attachments.uploading')
          : t.t('recommendations.attachmentsCount', { count: value.length })}
      </p>
      <div role="alert">
        <FieldError id={errorId} field="attachments" message={message ?? undefined} />
      </div>
    </div>
  )
}
