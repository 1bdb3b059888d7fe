import { isApiError } from '@mashura/core'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { apiErrorText, showSnackbar } from '../../../lib/notices.ts'
import {
  changedBody,
  createBody,
  type FieldSpec,
  type FormValues,
  formValues,
  type Problem,
  validateForm,
} from '../content-form.ts'
import { type AdminMessageKey, useAdminT } from '../i18n.ts'
import { CheckField, SelectField, TextAreaField, TextField } from './fields.tsx'

/** The fields of a form, drawn from their descriptions. */
export function FormFields({
  fields,
  values,
  problems,
  onChange,
  editing,
}: {
  fields: readonly FieldSpec[]
  values: FormValues
  problems: Record<string, string | undefined>
  onChange: (name: string, value: string | boolean) => void
  editing: boolean
}) {
  const t = useAdminT()
  return (
    <div className="admin-form-grid">
      {fields
        .filter((field) => editing || !field.editOnly)
        .map((field) => {
          const common = {
            name: field.name,
            label: t.t(field.label),
            hint: field.hint ? t.t(field.hint) : undefined,
            error: problems[field.name],
            required: field.required,
          }
          const text = String(values[field.name] ?? '')
          const language = field.lang ? { lang: field.lang, dir: field.lang === 'ar' ? 'rtl' : 'ltr' } : {}
          if (field.kind === 'check')
            return (
              <CheckField
                key={field.name}
                name={field.name}
                label={common.label}
                hint={common.hint}
                checked={values[field.name] === true}
                onChange={(checked) => onChange(field.name, checked)}
              />
            )
          if (field.kind === 'select')
            return (
              <SelectField
                {...common}
                key={field.name}
                options={field.options ?? []}
                value={text}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            )
          if (field.kind === 'textarea')
            return (
              <TextAreaField
                {...common}
                {...language}
                key={field.name}
                rows={5}
                maxLength={field.max}
                value={text}
                onChange={(e) => onChange(field.name, e.target.value)}
              />
            )
          const inputType = { url: 'url', email: 'email', phone: 'tel', text: 'text' }[field.kind]
          const ltr = field.kind === 'text' ? language : { dir: 'ltr' }
          return (
            <TextField
              {...common}
              {...ltr}
              key={field.name}
              type={inputType}
              maxLength={field.max}
              value={text}
              onChange={(e) => onChange(field.name, e.target.value)}
            />
          )
        })}
    </div>
  )
}

/** The texts of a problem map, ready to show. */
export function useProblemTexts(problems: Record<string, Problem>, server: Record<string, string>) {
  const t = useAdminT()
  const texts: Record<string, string | undefined> = { ...server }
  for (const [name, problem] of Object.entries(problems)) texts[name] = t.t(problem.key, problem.values)
  return texts
}

/**
 * A dialog that creates an item or edits one: its fields, checked before sending (the first field with a
 * problem takes the focus), the server's refusal shown in it, and only the changed fields sent by an edit.
 */
export function ItemDialog<T extends { id: number }>({
  title,
  fields,
  item,
  onCreate,
  onUpdate,
  onClose,
  onDone,
}: {
  title: string
  fields: readonly FieldSpec[]
  item?: T | undefined
  onCreate: (body: Record<string, unknown>) => Promise<unknown>
  onUpdate: (item: T, body: Record<string, unknown>) => Promise<unknown>
  onClose: () => void
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const form = useRef<HTMLFormElement>(null)
  const record = item as unknown as Record<string, unknown> | undefined
  const [values, setValues] = useState<FormValues>(() => formValues(fields, record))
  const [problems, setProblems] = useState<Record<string, Problem>>({})
  const [server, setServer] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const texts = useProblemTexts(problems, server)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateForm(fields, values)
    setProblems(found)
    setServer({})
    setFailure('')
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    try {
      if (item && record) {
        const body = changedBody(fields, values, record)
        if (!body) {
          onDone(t.t('admin.experts.nothingChanged'))
          return
        }
        await onUpdate(item, body)
      } else await onCreate(createBody(fields, values))
      onDone(t.t('admin.content.saved'))
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
      if (isApiError(error) && error.fields) setServer(error.fields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <SiteDialog
      title={title}
      className="admin-dialog admin-dialog-wide"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <form ref={form} onSubmit={submit} noValidate>
        <FormFields
          fields={fields}
          values={values}
          problems={texts}
          editing={Boolean(item)}
          onChange={(name, value) => setValues((now) => ({ ...now, [name]: value }))}
        />
        {failure ? (
          <p className="error-box" role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions
          tone="primary"
          cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
          confirm={{
            label: t.t('admin.common.save'),
            submit: true,
            busy,
            disabled: busy,
            action: 'save-item',
          }}
        />
      </form>
    </SiteDialog>
  )
}

/** Asks before deleting an item; the server refuses one still in use, and says so here. */
export function DeleteDialog({
  name,
  hint,
  onDelete,
  onClose,
  onDone,
}: {
  name: string
  hint?: AdminMessageKey | undefined
  onDelete: () => Promise<unknown>
  onClose: () => void
  onDone: (message: string) => void
}) {
  const t = useAdminT()
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    setFailure('')
    try {
      await onDelete()
      onDone(t.t('admin.content.deleted', { name }))
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <SiteDialog
      title={t.t('admin.content.deleteTitle', { name })}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>{t.t(hint ?? 'admin.content.deleteText')}</p>
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
      <DialogActions
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t('admin.content.delete'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: 'confirm-delete',
        }}
      />
    </SiteDialog>
  )
}

/** What {@link ItemList} shows of an item. */
export interface ItemView {
  title: string
  /** A short state beside the title (retired). */
  badge?: string | undefined
  facts: { label: string; value: ReactNode }[]
}

/**
 * A list of content items as cards, each with its facts, Edit and Delete (and `extra` actions: moving a
 * question), and an Add button; the dialogs above it create, edit and delete through the given calls.
 */
export function ItemList<T extends { id: number }>({
  name,
  items,
  fields,
  view,
  addLabel,
  editTitle,
  deleteHint,
  onCreate,
  onUpdate,
  onDelete,
  onChanged,
  extra,
  filters,
}: {
  name: string
  items: readonly T[]
  fields: readonly FieldSpec[]
  view: (item: T) => ItemView
  addLabel: string
  editTitle: (item: T) => string
  deleteHint?: AdminMessageKey
  onCreate: (body: Record<string, unknown>) => Promise<unknown>
  onUpdate: (item: T, body: Record<string, unknown>) => Promise<unknown>
  onDelete: (item: T) => Promise<unknown>
  onChanged: () => void
  extra?: (item: T, index: number) => ReactNode
  filters?: ReactNode
}) {
  const t = useAdminT()
  const [open, setOpen] = useState<{ kind: 'add' } | { kind: 'edit' | 'delete'; item: T } | null>(null)
  const done = (message: string) => {
    setOpen(null)
    showSnackbar({ kind: 'success', text: message })
    onChanged()
  }
  return (
    <div data-items={name}>
      <div className="admin-section-head">
        {filters ?? <span />}
        <ActionButton tone="primary" action={`add-${name}`} onClick={() => setOpen({ kind: 'add' })}>
          {addLabel}
        </ActionButton>
      </div>
      {items.length === 0 ? (
        <p className="empty-state">{t.t('admin.content.none')}</p>
      ) : (
        <ul className="admin-cards">
          {items.map((item, index) => {
            const shown = view(item)
            const titleId = `admin-${name}-${item.id}`
            return (
              <li key={item.id} className="card admin-card" aria-labelledby={titleId} data-item={item.id}>
                <div className="admin-card-head">
                  <h3 id={titleId} className="admin-card-title">
                    <bdi>{shown.title}</bdi>
                  </h3>
                  {shown.badge ? <span className="pill admin-pill-off">{shown.badge}</span> : null}
                </div>
                <dl className="admin-facts">
                  {shown.facts.map((fact) => (
                    <div key={fact.label}>
                      <dt>{fact.label}</dt>
                      <dd>{fact.value}</dd>
                    </div>
                  ))}
                </dl>
                <div className="admin-card-actions">
                  {extra?.(item, index)}
                  <ActionButton
                    action={`edit-${name}`}
                    aria-describedby={titleId}
                    onClick={() => setOpen({ kind: 'edit', item })}
                  >
                    {t.t('admin.common.edit')}
                  </ActionButton>
                  <ActionButton
                    action={`delete-${name}`}
                    aria-describedby={titleId}
                    onClick={() => setOpen({ kind: 'delete', item })}
                  >
                    {t.t('admin.content.delete')}
                  </ActionButton>
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <ItemDialog
          title={open.kind === 'edit' ? editTitle(open.item) : addLabel}
          fields={fields}
          item={open.kind === 'edit' ? open.item : undefined}
          onCreate={onCreate}
          onUpdate={onUpdate}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteDialog
          name={view(open.item).title}
          hint={deleteHint}
          onDelete={() => onDelete(open.item)}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
    </div>
  )
}
