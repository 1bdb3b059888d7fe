import type { CallBody, CallData } from '@mashura/core'
import { callAdminApi } from '@mashura/core/admin'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ActionButton } from '../../../components/ui/action-button.tsx'
import { paths } from '../../../config/paths.ts'
import { api } from '../../../lib/api.ts'
import { showApiError, showSnackbar } from '../../../lib/notices.ts'
import { useApi } from '../../../lib/use-api.ts'
import { type FieldSpec, moved } from '../content-form.ts'
import { type AdminTranslator, useAdminT } from '../i18n.ts'
import { AdminLoaded } from './admin-loaded.tsx'
import { ItemList } from './content-items.tsx'
import { SelectField } from './fields.tsx'
import { SettingsPart } from './settings-part.tsx'

/** The parts of the content section, each its own address (`?part=`). */
export const CONTENT_PARTS = ['settings', 'faq', 'subjects', 'centers', 'offices', 'reasons'] as const
type ContentPart = (typeof CONTENT_PARTS)[number]

/** The longest name, as the contract's `CONTENT_NAME_MAX`. */
const NAME_MAX = 200
/** The longest address, as the contract's `ADDRESS_MAX`. */
const ADDRESS_MAX = 500
/** The longest link, as the contract's `LINK_MAX`. */
const LINK_MAX = 2000

/** The subject types (core's `SUBJECT_TYPES`: consulting 1, guidance 2, partnerships 4) and their labels. */
const SUBJECT_TYPE_NAMES = [
  ['admin.subjectType.consulting', 1],
  ['admin.subjectType.guidance', 2],
  ['admin.subjectType.partnerships', 4],
] as const

/** A name in the page's language. */
function named(t: AdminTranslator, item: { name_ar: string; name_en: string }) {
  return (t.lang === 'ar' ? item.name_ar : item.name_en) || item.name_ar || item.name_en
}

/**
 * The content the public pages show (issue 33): the settings (about, both terms with "publish a new version",
 * the mentor video, contact details, each previewed in both languages), the FAQ and its order, the subjects of
 * each type, the centers, their offices and the cancel reasons.
 */
export function ContentSection() {
  const t = useAdminT()
  const [params] = useSearchParams()
  const asked = params.get('part')
  const part: ContentPart = CONTENT_PARTS.find((p) => p === asked) ?? 'settings'
  return (
    <section aria-labelledby="admin-content-title" data-section="content">
      <div className="admin-section-head">
        <h2 id="admin-content-title">{t.t('admin.section.content')}</h2>
      </div>
      <nav aria-label={t.t('admin.content.parts')} className="admin-subnav">
        <ul>
          {CONTENT_PARTS.map((name) => (
            <li key={name}>
              <Link
                to={`${paths.admin.to('content')}${name === 'settings' ? '' : `?part=${name}`}`}
                className="admin-subtab"
                aria-current={name === part ? 'page' : undefined}
                data-part={name}
              >
                {t.t(`admin.content.part.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h3 className="visually-hidden">{t.t(`admin.content.part.${part}`)}</h3>
      {part === 'settings' ? <SettingsPart /> : null}
      {part === 'faq' ? <FaqPart /> : null}
      {part === 'subjects' ? <SubjectsPart /> : null}
      {part === 'centers' ? <CentersPart /> : null}
      {part === 'offices' ? <OfficesPart /> : null}
      {part === 'reasons' ? <ReasonsPart /> : null}
    </section>
  )
}

const FAQ_FIELDS: FieldSpec[] = [
  {
    name: 'question_ar',
    label: 'admin.content.questionAr',
    kind: 'text',
    required: true,
    max: 500,
    lang: 'ar',
  },
  {
    name: 'question_en',
    label: 'admin.content.questionEn',
    kind: 'text',
    required: true,
    max: 500,
    lang: 'en',
  },
  {
    name: 'answer_ar',
    label: 'admin.content.answerAr',
    kind: 'textarea',
    required: true,
    max: 5000,
    lang: 'ar',
  },
  {
    name: 'answer_en',
    label: 'admin.content.answerEn',
    kind: 'textarea',
    required: true,
    max: 5000,
    lang: 'en',
  },
]

type Faq = CallData<'adminListFaqs'>[number]

/** The FAQ: questions in their order, moved up or down one place at a time (buttons, so a keyboard can). */
function FaqPart() {
  const t = useAdminT()
  const list = useApi((signal) => callAdminApi(api, 'adminListFaqs', {}, { signal }), [])
  const [busy, setBusy] = useState(false)
  async function move(faqs: readonly Faq[], index: number, step: -1 | 1) {
    setBusy(true)
    try {
      const order = moved(faqs, index, step)
      const answer = await callAdminApi(api, 'adminReorderFaqs', {
        body: { ids: order.map((faq) => faq.id) },
      })
      list.set(answer)
      showSnackbar({ kind: 'success', text: t.t('admin.content.moved') })
    } catch (error) {
      showApiError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <AdminLoaded state={list}>
      {(answer) => {
        const faqs = [...answer.data].sort((a, b) => a.position - b.position)
        return (
          <ItemList<Faq>
            name="faq"
            items={faqs}
            fields={FAQ_FIELDS}
            addLabel={t.t('admin.content.addFaq')}
            editTitle={() => t.t('admin.content.editFaq')}
            view={(faq) => ({
              title: t.lang === 'ar' ? faq.question_ar : faq.question_en,
              facts: [
                { label: t.t('admin.content.answerAr'), value: <Bilingual lang="ar" text={faq.answer_ar} /> },
                { label: t.t('admin.content.answerEn'), value: <Bilingual lang="en" text={faq.answer_en} /> },
              ],
            })}
            extra={(faq, index) => (
              <>
                <ActionButton
                  action="move-up"
                  disabled={busy || index === 0}
                  aria-describedby={`admin-faq-${faq.id}`}
                  onClick={() => void move(faqs, index, -1)}
                >
                  {t.t('admin.content.moveUp')}
                </ActionButton>
                <ActionButton
                  action="move-down"
                  disabled={busy || index === faqs.length - 1}
                  aria-describedby={`admin-faq-${faq.id}`}
                  onClick={() => void move(faqs, index, 1)}
                >
                  {t.t('admin.content.moveDown')}
                </ActionButton>
              </>
            )}
            onCreate={(body) =>
              callAdminApi(api, 'adminCreateFaq', { body: body as CallBody<'adminCreateFaq'> })
            }
            onUpdate={(faq, body) =>
              callAdminApi(api, 'adminUpdateFaq', {
                params: { id: faq.id },
                body: body as CallBody<'adminUpdateFaq'>,
              })
            }
            onDelete={(faq) => callAdminApi(api, 'adminDeleteFaq', { params: { id: faq.id } })}
            onChanged={list.reload}
          />
        )
      }}
    </AdminLoaded>
  )
}

/** A text in its own language and direction, its line breaks kept (as the public pages show it). */
export function Bilingual({ lang, text }: { lang: 'ar' | 'en'; text: string }) {
  return (
    <span lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="admin-preview-text">
      {text || '-'}
    </span>
  )
}

type Subject = CallData<'adminListSubjects'>[number]

/** The subjects of each type (consulting, guidance, partnerships), retired ones kept for history. */
function SubjectsPart() {
  const t = useAdminT()
  const [type, setType] = useState('')
  const list = useApi(
    (signal) =>
      callAdminApi(
        api,
        'adminListSubjects',
        { query: type ? { type: Number(type) as CallBody<'adminCreateSubject'>['type'] } : {} },
        { signal },
      ),
    [type],
  )
  const typeOptions = SUBJECT_TYPE_NAMES.map(([key, value]) => ({ value: String(value), label: t.t(key) }))
  const typeName = (value: number) =>
    typeOptions.find((o) => o.value === String(value))?.label ?? String(value)
  const fields: FieldSpec[] = [
    {
      name: 'name_ar',
      label: 'admin.content.nameAr',
      kind: 'text',
      required: true,
      max: NAME_MAX,
      lang: 'ar',
    },
    {
      name: 'name_en',
      label: 'admin.content.nameEn',
      kind: 'text',
      required: true,
      max: NAME_MAX,
      lang: 'en',
    },
    { name: 'type', label: 'admin.content.subjectType', kind: 'select', numeric: true, options: typeOptions },
    { name: 'bsa_subject', label: 'admin.content.bsaSubject', kind: 'check' },
    {
      name: 'is_retired',
      label: 'admin.content.retired',
      hint: 'admin.content.retiredHint',
      kind: 'check',
      editOnly: true,
    },
  ]
  return (
    <AdminLoaded state={list}>
      {(answer) => (
        <ItemList<Subject>
          name="subject"
          items={answer.data}
          fields={fields}
          addLabel={t.t('admin.content.addSubject')}
          editTitle={(subject) => t.t('admin.content.editItem', { name: named(t, subject) })}
          deleteHint="admin.content.deleteInUse"
          filters={
            <SelectField
              label={t.t('admin.content.subjectType')}
              name="type-filter"
              value={type}
              options={[{ value: '', label: t.t('admin.common.all') }, ...typeOptions]}
              onChange={(e) => setType(e.target.value)}
            />
          }
          view={(subject) => ({
            title: named(t, subject),
            badge: subject.is_retired ? t.t('admin.content.retired') : undefined,
            facts: [
              { label: t.t('admin.content.otherLanguage'), value: <Other t={t} item={subject} /> },
              { label: t.t('admin.content.subjectType'), value: typeName(subject.type) },
              {
                label: t.t('admin.content.bsaSubject'),
                value: t.t(subject.bsa_subject ? 'admin.common.yes' : 'admin.common.no'),
              },
              {
                label: t.t('admin.content.uses'),
                value: t.t('admin.content.usesExpertsSessions', {
                  experts: subject.experts,
                  sessions: subject.sessions,
                }),
              },
            ],
          })}
          onCreate={(body) =>
            callAdminApi(api, 'adminCreateSubject', { body: body as CallBody<'adminCreateSubject'> })
          }
          onUpdate={(subject, body) =>
            callAdminApi(api, 'adminUpdateSubject', {
              params: { id: subject.id },
              body: body as CallBody<'adminUpdateSubject'>,
            })
          }
          onDelete={(subject) => callAdminApi(api, 'adminDeleteSubject', { params: { id: subject.id } })}
          onChanged={list.reload}
        />
      )}
    </AdminLoaded>
  )
}

/** The item's name in the other language. */
function Other({ t, item }: { t: AdminTranslator; item: { name_ar: string; name_en: string } }) {
  return t.lang === 'ar' ? (
    <Bilingual lang="en" text={item.name_en} />
  ) : (
    <Bilingual lang="ar" text={item.name_ar} />
  )
}

type Center = CallData<'adminListCenters'>[number]

const CENTER_FIELDS: FieldSpec[] = [
  { name: 'name_ar', label: 'admin.content.nameAr', kind: 'text', required: true, max: NAME_MAX, lang: 'ar' },
  { name: 'name_en', label: 'admin.content.nameEn', kind: 'text', required: true, max: NAME_MAX, lang: 'en' },
  { name: 'city_ar', label: 'admin.content.cityAr', kind: 'text', max: NAME_MAX, lang: 'ar' },
  { name: 'city_en', label: 'admin.content.cityEn', kind: 'text', max: NAME_MAX, lang: 'en' },
]

/** The business-support centers. */
function CentersPart() {
  const t = useAdminT()
  const list = useApi((signal) => callAdminApi(api, 'adminListCenters', {}, { signal }), [])
  return (
    <AdminLoaded state={list}>
      {(answer) => (
        <ItemList<Center>
          name="center"
          items={answer.data}
          fields={CENTER_FIELDS}
          addLabel={t.t('admin.content.addCenter')}
          editTitle={(center) => t.t('admin.content.editItem', { name: named(t, center) })}
          deleteHint="admin.content.deleteInUse"
          view={(center) => ({
            title: named(t, center),
            facts: [
              { label: t.t('admin.content.otherLanguage'), value: <Other t={t} item={center} /> },
              {
                label: t.t('admin.content.city'),
                value: (t.lang === 'ar' ? center.city_ar : center.city_en) || '-',
              },
              {
                label: t.t('admin.content.uses'),
                value: t.t('admin.content.usesExpertsOffices', {
                  experts: center.experts,
                  offices: center.offices,
                }),
              },
            ],
          })}
          onCreate={(body) =>
            callAdminApi(api, 'adminCreateCenter', { body: body as CallBody<'adminCreateCenter'> })
          }
          onUpdate={(center, body) =>
            callAdminApi(api, 'adminUpdateCenter', {
              params: { id: center.id },
              body: body as CallBody<'adminUpdateCenter'>,
            })
          }
          onDelete={(center) => callAdminApi(api, 'adminDeleteCenter', { params: { id: center.id } })}
          onChanged={list.reload}
        />
      )}
    </AdminLoaded>
  )
}

type Office = CallData<'adminListOffices'>[number]

/** The offices of the centers, where in-office sessions take place. */
function OfficesPart() {
  const t = useAdminT()
  const [center, setCenter] = useState('')
  const centers = useApi((signal) => callAdminApi(api, 'adminListCenters', {}, { signal }), [])
  const list = useApi(
    (signal) =>
      callAdminApi(api, 'adminListOffices', { query: center ? { center: Number(center) } : {} }, { signal }),
    [center],
  )
  const centerOptions = (centers.data?.data ?? []).map((c) => ({ value: String(c.id), label: named(t, c) }))
  const fields: FieldSpec[] = [
    {
      name: 'center_id',
      label: 'admin.experts.center',
      kind: 'select',
      numeric: true,
      options: centerOptions,
    },
    {
      name: 'name_ar',
      label: 'admin.content.nameAr',
      kind: 'text',
      required: true,
      max: NAME_MAX,
      lang: 'ar',
    },
    {
      name: 'name_en',
      label: 'admin.content.nameEn',
      kind: 'text',
      required: true,
      max: NAME_MAX,
      lang: 'en',
    },
    { name: 'address_ar', label: 'admin.content.addressAr', kind: 'textarea', max: ADDRESS_MAX, lang: 'ar' },
    { name: 'address_en', label: 'admin.content.addressEn', kind: 'textarea', max: ADDRESS_MAX, lang: 'en' },
    {
      name: 'map_url',
      label: 'admin.content.mapUrl',
      hint: 'admin.content.httpsHint',
      kind: 'url',
      max: LINK_MAX,
      emptyIsNull: true,
    },
  ]
  return (
    <AdminLoaded state={list}>
      {(answer) => (
        <ItemList<Office>
          name="office"
          items={answer.data}
          fields={fields}
          addLabel={t.t('admin.content.addOffice')}
          editTitle={(office) => t.t('admin.content.editItem', { name: named(t, office) })}
          deleteHint="admin.content.deleteInUse"
          filters={
            <SelectField
              label={t.t('admin.experts.center')}
              name="center-filter"
              value={center}
              options={[{ value: '', label: t.t('admin.common.all') }, ...centerOptions]}
              onChange={(e) => setCenter(e.target.value)}
            />
          }
          view={(office) => ({
            title: named(t, office),
            facts: [
              { label: t.t('admin.content.otherLanguage'), value: <Other t={t} item={office} /> },
              {
                label: t.t('admin.experts.center'),
                value: centerOptions.find((o) => o.value === String(office.center_id))?.label ?? '-',
              },
              {
                label: t.t('admin.content.address'),
                value: (t.lang === 'ar' ? office.address_ar : office.address_en) || '-',
              },
              {
                label: t.t('admin.content.uses'),
                value: t.t('admin.content.usesSessions', { sessions: office.sessions }),
              },
            ],
          })}
          onCreate={(body) =>
            callAdminApi(api, 'adminCreateOffice', { body: body as CallBody<'adminCreateOffice'> })
          }
          onUpdate={(office, body) =>
            callAdminApi(api, 'adminUpdateOffice', {
              params: { id: office.id },
              body: body as CallBody<'adminUpdateOffice'>,
            })
          }
          onDelete={(office) => callAdminApi(api, 'adminDeleteOffice', { params: { id: office.id } })}
          onChanged={list.reload}
        />
      )}
    </AdminLoaded>
  )
}

type Reason = CallData<'adminListCancelReasons'>[number]

const REASON_FIELDS: FieldSpec[] = [
  {
    name: 'label_ar',
    label: 'admin.content.labelAr',
    kind: 'text',
    required: true,
    max: NAME_MAX,
    lang: 'ar',
  },
  {
    name: 'label_en',
    label: 'admin.content.labelEn',
    kind: 'text',
    required: true,
    max: NAME_MAX,
    lang: 'en',
  },
  { name: 'requires_details', label: 'admin.content.requiresDetails', kind: 'check' },
  {
    name: 'is_retired',
    label: 'admin.content.retired',
    hint: 'admin.content.retiredHint',
    kind: 'check',
    editOnly: true,
  },
]

/** The reasons a session can be cancelled for. */
function ReasonsPart() {
  const t = useAdminT()
  const list = useApi((signal) => callAdminApi(api, 'adminListCancelReasons', {}, { signal }), [])
  return (
    <AdminLoaded state={list}>
      {(answer) => (
        <ItemList<Reason>
          name="reason"
          items={answer.data}
          fields={REASON_FIELDS}
          addLabel={t.t('admin.content.addReason')}
          editTitle={(reason) =>
            t.t('admin.content.editItem', { name: t.lang === 'ar' ? reason.label_ar : reason.label_en })
          }
          deleteHint="admin.content.deleteInUse"
          view={(reason) => ({
            title: t.lang === 'ar' ? reason.label_ar : reason.label_en,
            badge: reason.is_retired ? t.t('admin.content.retired') : undefined,
            facts: [
              {
                label: t.t('admin.content.otherLanguage'),
                value:
                  t.lang === 'ar' ? (
                    <Bilingual lang="en" text={reason.label_en} />
                  ) : (
                    <Bilingual lang="ar" text={reason.label_ar} />
                  ),
              },
              {
                label: t.t('admin.content.requiresDetails'),
                value: t.t(reason.requires_details ? 'admin.common.yes' : 'admin.common.no'),
              },
              {
                label: t.t('admin.content.uses'),
                value: t.t('admin.content.usesSessions', { sessions: reason.sessions }),
              },
            ],
          })}
          onCreate={(body) =>
            callAdminApi(api, 'adminCreateCancelReason', {
              body: body as CallBody<'adminCreateCancelReason'>,
            })
          }
          onUpdate={(reason, body) =>
            callAdminApi(api, 'adminUpdateCancelReason', {
              params: { id: reason.id },
              body: body as CallBody<'adminUpdateCancelReason'>,
            })
          }
          onDelete={(reason) => callAdminApi(api, 'adminDeleteCancelReason', { params: { id: reason.id } })}
          onChanged={list.reload}
        />
      )}
    </AdminLoaded>
  )
}
