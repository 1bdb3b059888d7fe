import '../../../lib/more-messages.ts'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../../lib/i18n.ts'
import { isSupportingLink, LINK_MAX, LIST_MAX } from '../draft.ts'
import { FieldError } from './field-error.tsx'

/**
 * Supporting links (spec 3.61 `supported_file_url`): the expert types an address and adds it; each one is
 * listed with a remove button. An address that is not http(s) is refused beside the field before it is
 * added; at most the server's list limit.
 */
export function LinksField({
  value,
  onChange,
  error,
}: {
  value: string[]
  onChange: (value: string[]) => void
  error: string | undefined
}) {
  const t = useT()
  const id = useId()
  const [typed, setTyped] = useState('')
  const [refused, setRefused] = useState<string | null>(null)
  const full = value.length >= LIST_MAX

  function add(event?: FormEvent) {
    event?.preventDefault()
    const link = typed.trim()
    if (!link) return
    if (!isSupportingLink(link)) {
      setRefused(t.t('recs.links.invalid'))
      return
    }
    setRefused(null)
    if (!value.includes(link)) onChange([...value, link])
    setTyped('')
  }

  const message = refused ?? error
  const errorId = `${id}-error`
  return (
    <div className="recs-field" id="recs-field-supported_file_url" data-field="supported_file_url">
      <label className="recs-label" htmlFor={id}>
        {t.t('sessionRecs.links')} <span className="muted">({t.t('common.optional')})</span>
      </label>
      <p className="muted" id={`${id}-hint`}>
        {t.t('recs.links.hint', { max: LIST_MAX })}
      </p>
      {value.length > 0 ? (
        <ul className="recs-files" data-region="links-list">
          {value.map((link) => (
            <li key={link} className="recs-file" data-link={link}>
              <bdi dir="ltr" className="recs-link-text">
                {link}
              </bdi>
              <button
                type="button"
                className="button"
                onClick={() => onChange(value.filter((l) => l !== link))}
                aria-label={t.t('recs.links.remove', { link })}
                data-action="remove-link"
              >
                {t.t('recs.attachments.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="recs-link-row">
        <input
          id={id}
          type="url"
          inputMode="url"
          dir="ltr"
          className="recs-input"
          value={typed}
          maxLength={LINK_MAX}
          placeholder="https://"
          disabled={full}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter adds the link rather than submitting the whole form.
            if (event.key === 'Enter') add(event)
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-hint ${errorId}` : `${id}-hint`}
          data-input="link"
        />
        <button type="button" className="button" onClick={() => add()} disabled={full} data-action="add-link">
          {t.t('recs.links.add')}
        </button>
      </div>
      <div role="alert">
        <FieldError id={errorId} field="supported_file_url" message={message ?? undefined} />
      </div>
    </div>
  )
}
