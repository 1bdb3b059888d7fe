import '../../../lib/more-messages.ts'
import { formatDateTime, type Recommendation, timeZoneLabel } from '@mashura/core'
import { ExternalLink } from '../../../components/ui/external-link.tsx'
import { PHASE_KEYS } from '../../../lib/company-phases.ts'
import { useT } from '../../../lib/i18n.ts'
import { downloadProtectedFile } from '../../../lib/protected-file.ts'
import { useCourseTitles, useServiceNames } from '../hooks/use-catalogue-names.ts'
import { useFileSize } from './attachments-field.tsx'
import { ProtectedAudio } from './protected-audio.tsx'

/**
 * A recommendation's fields: what was found, what to do, the follow-ups asked for (with the courses and
 * services by name), the voice note to play and the attachments to download. User text is shown as text.
 */
export function RecommendationView({ recommendation: rec }: { recommendation: Recommendation }) {
  const t = useT()
  const size = useFileSize()
  const courses = useCourseTitles(rec.need_academy_course ? rec.academy_course_ids : [], t.lang)
  const services = useServiceNames(rec.need_platform_feature ? rec.service_ids : [], t.lang)
  const yesNo = (value: boolean) => t.t(value ? 'common.yes' : 'common.no')
  return (
    <article className="card recs-view" data-recommendation-id={rec.id} data-region="recommendation">
      <p className="muted">
        {t.t('sessionRecs.writtenOn', { date: formatDateTime(rec.created_at, t.lang) })} (
        {timeZoneLabel(t.lang)})
      </p>
      <dl className="recs-facts">
        <div className="recs-wide" data-field="challenges">
          <dt>{t.t('recommendations.challenges')}</dt>
          <dd className="recs-prewrap" dir="auto">
            {rec.challenges}
          </dd>
        </div>
        <div className="recs-wide" data-field="recommendations">
          <dt>{t.t('recommendations.recommendations')}</dt>
          <dd className="recs-prewrap" dir="auto">
            {rec.recommendations}
          </dd>
        </div>
        <div data-field="company_phase">
          <dt>{t.t('recommendations.companyPhase')}</dt>
          <dd>{t.t(PHASE_KEYS[rec.company_phase])}</dd>
        </div>
        <div data-field="need_another_session">
          <dt>{t.t('recommendations.needAnotherSession')}</dt>
          <dd>{yesNo(rec.need_another_session)}</dd>
        </div>
        <div className="recs-wide" data-field="academy_course_ids">
          <dt>{t.t('recommendations.needAcademyCourse')}</dt>
          <dd>
            {yesNo(rec.need_academy_course)}
            {rec.need_academy_course && rec.academy_course_ids.length > 0 ? (
              <ul>
                {rec.academy_course_ids.map((id) => {
                  const course = courses.get(id)
                  return (
                    <li key={id} data-course-id={id}>
                      {course ? (
                        <ExternalLink href={course.url}>{course.title}</ExternalLink>
                      ) : (
                        t.t('recs.view.courseNumber', { id })
                      )}
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </dd>
        </div>
        <div className="recs-wide" data-field="service_ids">
          <dt>{t.t('recommendations.needPlatformFeature')}</dt>
          <dd>
            {yesNo(rec.need_platform_feature)}
            {rec.need_platform_feature && rec.service_ids.length > 0 ? (
              <ul>
                {rec.service_ids.map((id) => {
                  const service = services.get(id)
                  return (
                    <li key={id} data-service-id={id}>
                      {service ? (
                        <ExternalLink href={service.url}>{service.name}</ExternalLink>
                      ) : (
                        t.t('recs.view.serviceNumber', { id })
                      )}
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </dd>
        </div>
        <div className="recs-wide" data-field="success_story">
          <dt>{t.t('recommendations.successStory')}</dt>
          <dd>
            {yesNo(rec.success_story)}
            {rec.success_story && rec.success_story_summary ? (
              <span className="recs-prewrap recs-block" dir="auto">
                {rec.success_story_summary}
              </span>
            ) : null}
          </dd>
        </div>
        {rec.comment ? (
          <div className="recs-wide" data-field="comment">
            <dt>{t.t('recommendations.comment')}</dt>
            <dd className="recs-prewrap" dir="auto">
              {rec.comment}
            </dd>
          </div>
        ) : null}
        {rec.voice_note ? (
          <div className="recs-wide" data-field="voice_note">
            <dt>{t.t('recommendations.voiceNote')}</dt>
            <dd className="recs-voice">
              <ProtectedAudio url={rec.voice_note.full_path} label={t.t('recommendations.voiceNote')} />
              {rec.voice_note_duration ? (
                <span className="muted">{t.t('recs.view.seconds', { count: rec.voice_note_duration })}</span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {rec.attachments.length > 0 ? (
          <div className="recs-wide" data-field="attachments">
            <dt>{t.t('recommendations.attachments')}</dt>
            <dd>
              <ul className="recs-files">
                {rec.attachments.map((file) => (
                  <li key={file.path} className="recs-file" data-file-path={file.path}>
                    <button
                      type="button"
                      className="recs-link-button recs-file-name"
                      onClick={() =>
                        void downloadProtectedFile(file.full_path, file.name).catch(console.error)
                      }
                      data-action="download-attachment"
                    >
                      {file.name}
                    </button>
                    <span className="muted recs-file-size">{size(file.size)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {rec.supported_file_url.length > 0 ? (
          <div className="recs-wide">
            <dt>{t.t('sessionRecs.links')}</dt>
            <dd>
              <ul>
                {rec.supported_file_url.map((url) => (
                  <li key={url}>
                    <ExternalLink href={url} dir="ltr">
                      {url}
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  )
}
