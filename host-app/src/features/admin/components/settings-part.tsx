import type { CallBody, CallData } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { type FormEvent, useRef, useState } from 'react'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { DialogActions } from '../../../components/ui/dialog-actions.tsx'
import { SiteDialog } from '../../../components/ui/site-dialog.tsx'
import { api } from '../../../lib/api.ts'
import { apiErrorText, showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import {
  changedBody,
  type FieldSpec,
  type FormValues,
  formValues,
  type Problem,
  validateForm,
} from '../content-form.ts'
import { type AdminMessageKey, useAdminT } from '../i18n.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { FormFields, useProblemTexts } from './content-items.tsx'

type Settings = CallData<'adminGetSettings'>
type Audience = 'owners' | 'experts'

/** The longest about text, as the contract's `ABOUT_MAX`. */
const ABOUT_MAX = 20_000
/** The longest terms text, as the contract's `TERMS_MAX`. */
const TERMS_MAX = 100_000

/** The settings' groups: a title, its fields and, for texts, a preview of both languages. */
const GROUPS: {
  title: AdminMessageKey
  fields: FieldSpec[]
  preview?: [string, string]
  audience?: Audience
}[] = [
  {
    title: 'admin.settings.about',
    preview: ['about_us_ar', 'about_us_en'],
    fields: [
      { name: 'about_us_ar', label: 'admin.settings.textAr', kind: 'textarea', max: ABOUT_MAX, lang: 'ar' },
      { name: 'about_us_en', label: 'admin.settings.textEn', kind: 'textarea', max: ABOUT_MAX, lang: 'en' },
    ],
  },
  {
    title: 'admin.settings.ownersTerms',
    preview: ['terms_owners_ar', 'terms_owners_en'],
    audience: 'owners',
    fields: [
      {
        name: 'terms_owners_ar',
        label: 'admin.settings.textAr',
        kind: 'textarea',
        max: TERMS_MAX,
        lang: 'ar',
      },
      {
        name: 'terms_owners_en',
        label: 'admin.settings.textEn',
        kind: 'textarea',
        max: TERMS_MAX,
        lang: 'en',
      },
    ],
  },
  {
    title: 'admin.settings.expertsTerms',
    preview: ['terms_experts_ar', 'terms_experts_en'],
    audience: 'experts',
    fields: [
      {
        name: 'terms_experts_ar',
        label: 'admin.settings.textAr',
        kind: 'textarea',
        max: TERMS_MAX,
        lang: 'ar',
      },
      {
        name: 'terms_experts_en',
        label: 'admin.settings.textEn',
        kind: 'textarea',
        max: TERMS_MAX,
        lang: 'en',
      },
    ],
  },
  {
    title: 'admin.settings.mentorAndContact',
    fields: [
      {
        name: 'mentor_url',
        label: 'admin.settings.mentorUrl',
        hint: 'admin.content.httpsHint',
        kind: 'url',
        max: 2000,
      },
      {
        name: 'contact_mobile',
        label: 'admin.settings.mobile',
        hint: 'admin.settings.phoneHint',
        kind: 'phone',
        max: 20,
      },
      {
        name: 'contact_whatsapp',
        label: 'admin.settings.whatsapp',
        hint: 'admin.settings.phoneHint',
        kind: 'phone',
        max: 20,
      },
      { name: 'contact_email', label: 'admin.settings.email', kind: 'email', max: 254 },
    ],
  },
]

const ALL_FIELDS = GROUPS.flatMap((group) => group.fields)

/**
 * The settings: about, both terms and the mentor video and contact details, every text in both languages with
 * a preview of each as the public pages show it. Saving sends the changed fields; a terms text is published
 * as a new version on its own (people then accept it again), once its edits are saved.
 */
export function SettingsPart() {
  const settings = useApi((signal) => callAdminApi(api, 'adminGetSettings', {}, { signal }), [])
  return (
    <AdminLoaded state={settings}>
      {(answer) => (
        <SettingsForm settings={answer.data} onSaved={(data) => settings.set({ ...answer, data })} />
      )}
    </AdminLoaded>
  )
}

function SettingsForm({ settings, onSaved }: { settings: Settings; onSaved: (settings: Settings) => void }) {
  const t = useAdminT()
  const form = useRef<HTMLFormElement>(null)
  const record = settings as unknown as Record<string, unknown>
  const [values, setValues] = useState<FormValues>(() => formValues(ALL_FIELDS, record))
  const [problems, setProblems] = useState<Record<string, Problem>>({})
  const [server, setServer] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [publishing, setPublishing] = useState<Audience | null>(null)
  const texts = useProblemTexts(problems, server)
  const changes = changedBody(ALL_FIELDS, values, record)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateForm(ALL_FIELDS, values)
    setProblems(found)
    setServer({})
    setFailure('')
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    if (!changes) {
      showSnackbar({ kind: 'info', text: t.t('admin.experts.nothingChanged') })
      return
    }
    setBusy(true)
    try {
      const { data } = await callAdminApi(api, 'adminUpdateSettings', {
        body: changes as CallBody<'adminUpdateSettings'>,
      })
      onSaved(data)
      showSnackbar({ kind: 'success', text: t.t('admin.content.saved') })
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
      const fields = (error as { fields?: Record<string, string> }).fields
      if (fields) setServer(fields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={form} onSubmit={save} noValidate data-form="settings">
      {GROUPS.map((group) => {
        const unsaved = group.fields.some((field) => changes && field.name in changes)
        const version = group.audience
          ? settings[group.audience === 'owners' ? 'terms_owners' : 'terms_experts']
          : null
        return (
          <fieldset key={group.title} className="admin-fieldset admin-settings-group">
            <legend>{t.t(group.title)}</legend>
            {version ? (
              <p className="muted" data-terms-version={group.audience}>
                {version.published_at
                  ? t.t('admin.settings.version', {
                      version: version.version,
                      date: t.intl.formatDate(version.published_at, { dateStyle: 'medium' }),
                    })
                  : t.t('admin.settings.neverPublished')}
              </p>
            ) : null}
            <FormFields
              fields={group.fields}
              values={values}
              problems={texts}
              editing
              onChange={(name, value) => setValues((now) => ({ ...now, [name]: value }))}
            />
            {group.preview ? (
              <details className="admin-details admin-preview">
                <summary>{t.t('admin.settings.preview')}</summary>
                <div className="admin-diff">
                  <div lang="ar" dir="rtl">
                    <h4>العربية</h4>
                    <p className="admin-preview-text">{String(values[group.preview[0]] ?? '') || '-'}</p>
                  </div>
                  <div lang="en" dir="ltr">
                    <h4>English</h4>
                    <p className="admin-preview-text">{String(values[group.preview[1]] ?? '') || '-'}</p>
                  </div>
                </div>
              </details>
            ) : null}
            {group.audience ? (
              <div className="admin-card-actions">
                <ActionButton
                  action={`publish-${group.audience}`}
                  disabled={unsaved || busy}
                  aria-describedby={unsaved ? `admin-unsaved-${group.audience}` : undefined}
                  onClick={() => setPublishing(group.audience ?? null)}
                >
                  {t.t('admin.settings.publish')}
                </ActionButton>
                {unsaved ? (
                  <p id={`admin-unsaved-${group.audience}`} className="admin-hint muted">
                    {t.t('admin.settings.saveFirst')}
                  </p>
                ) : null}
              </div>
            ) : null}
          </fieldset>
        )
      })}
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="admin-sticky-actions">
        <ActionButton submit tone="primary" busy={busy} disabled={busy} action="save-settings">
          {t.t('admin.common.save')}
        </ActionButton>
      </div>
      {publishing ? (
        <PublishDialog
          audience={publishing}
          onClose={() => setPublishing(null)}
          onDone={(data) => {
            setPublishing(null)
            onSaved(data)
            showSnackbar({ kind: 'success', text: t.t('admin.settings.published') })
          }}
        />
      ) : null}
    </form>
  )
}

/** Publishing a new version of one audience's terms: everyone of that audience accepts them again. */
function PublishDialog({
  audience,
  onClose,
  onDone,
}: {
  audience: Audience
  onClose: () => void
  onDone: (settings: Settings) => void
}) {
  const t = useAdminT()
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    setFailure('')
    try {
      const { data } = await callAdminApi(api, 'adminPublishTerms', { params: { audience } })
      onDone(data)
    } catch (error) {
      setFailure(apiErrorText(error) ?? t.t('common.error'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <SiteDialog
      title={t.t(audience === 'owners' ? 'admin.settings.publishOwners' : 'admin.settings.publishExperts')}
      className="admin-dialog"
      onClose={busy ? undefined : onClose}
      dismissable={!busy}
    >
      <p>{t.t('admin.settings.publishText')}</p>
      {failure ? (
        <p className="error-box" role="alert">
          {failure}
        </p>
      ) : null}
      <DialogActions
        tone="primary"
        cancel={{ label: t.t('common.cancel'), onClick: onClose, disabled: busy }}
        confirm={{
          label: t.t('admin.settings.publish'),
          onClick: () => void confirm(),
          busy,
          disabled: busy,
          action: 'confirm-publish',
        }}
      />
    </SiteDialog>
  )
}
