import '../../../lib/more-messages.ts'
import { getService, getServices } from '@mashura/core'
import { useId, useState } from 'react'
import { ExternalLink } from '../../../components/ui/external-link.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { Loaded } from '../../../components/ui/loaded.tsx'
import { PageLoading } from '../../../components/ui/page-loading.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n.ts'
import { useApi } from '../../../lib/use-api.ts'
import { LIST_MAX, type PickedService } from '../draft.ts'
import { FieldError } from './field-error.tsx'
import { PickedList } from './picked-list.tsx'

/** One service's details (`GET /integration/services/v2/services/{id}`), loaded when opened. */
function ServiceDetails({ id }: { id: number }) {
  const t = useT()
  const details = useApi((signal) => getService(api, { id }, { signal, loader: false }), [id, t.lang])
  return (
    <Loaded state={details}>
      {({ data: service }) => (
        <div className="recs-details" data-region="service-details">
          {service.description ? <p>{service.description}</p> : null}
          <ExternalLink href={service.url}>{t.t('recs.services.open', { name: service.name })}</ExternalLink>
        </div>
      )}
    </Loaded>
  )
}

/**
 * Services of the platform to recommend: the services catalogue to tick, each with its details on demand;
 * the chosen ones stay listed above with remove.
 */
export function ServicePicker({
  value,
  onChange,
  error,
}: {
  value: PickedService[]
  onChange: (value: PickedService[]) => void
  error: string | undefined
}) {
  const t = useT()
  const id = useId()
  const [open, setOpen] = useState<number | null>(null)
  const services = useApi((signal) => getServices(api, { signal, loader: false }), [t.lang])
  const picked = new Set(value.map((s) => s.id))
  const errorId = `${id}-error`
  return (
    <fieldset
      className="recs-field recs-picker"
      id="recs-field-service_ids"
      data-field="service_ids"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="recs-label">{t.t('recs.services.legend')}</legend>
      <PickedList
        items={value.map((s) => ({ id: s.id, label: s.name }))}
        emptyText={t.t('recs.services.none')}
        removeLabel={(label) => t.t('recs.picked.remove', { name: label })}
        onRemove={(removed) => onChange(value.filter((s) => s.id !== removed))}
        kind="service"
      />
      <FieldError id={errorId} field="service_ids" message={error} />
      {services.loading && !services.data ? (
        <PageLoading />
      ) : services.error || !services.data ? (
        <LoadFailed onRetry={services.reload} />
      ) : (
        <ul className="recs-options-list" data-region="service-results">
          {services.data.data.map((service) => {
            const checked = picked.has(service.id)
            const detailsId = `${id}-details-${service.id}`
            return (
              <li key={service.id}>
                <div className="recs-service-row">
                  <label className="recs-check">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && value.length >= LIST_MAX}
                      onChange={(event) =>
                        onChange(
                          event.target.checked
                            ? [...value, { id: service.id, name: service.name }]
                            : value.filter((s) => s.id !== service.id),
                        )
                      }
                      data-service-id={service.id}
                    />
                    <span className="recs-option-title">{service.name}</span>
                  </label>
                  <button
                    type="button"
                    className="recs-link-button"
                    aria-expanded={open === service.id}
                    aria-controls={detailsId}
                    onClick={() => setOpen(open === service.id ? null : service.id)}
                    data-action="service-details"
                  >
                    {t.t(open === service.id ? 'recs.services.hideDetails' : 'recs.services.details')}
                    <span className="visually-hidden"> {service.name}</span>
                  </button>
                </div>
                <div id={detailsId}>{open === service.id ? <ServiceDetails id={service.id} /> : null}</div>
              </li>
            )
          })}
        </ul>
      )}
    </fieldset>
  )
}
