/** The wire shapes of a contributor's dashboard statistics (spec section 7, "Statistics"). */
import { type Static, Type } from 'typebox'

/** How many Riyadh calendar months the chart series cover, the current one included. */
export const STATISTICS_MONTHS = 6

const count = Type.Integer({ minimum: 0 })
const Month = Type.String({ pattern: '^\\d{4}-\\d{2}$' })

/** A contributor's session counts for the dashboard. */
export const SessionStatisticsSchema = Type.Object({
  total: count,
  booked: count,
  ended: count,
  cancelled: count,
  sme_absent: count,
  online: count,
  office: count,
  hours: Type.Number({ minimum: 0 }),
  by_month: Type.Array(
    Type.Object({
      month: Month,
      total: Type.Integer({ minimum: 0 }),
      ended: Type.Integer({ minimum: 0 }),
    }),
  ),
  ongoing: count,
  last_months: Type.Array(
    Type.Object({
      month: Month,
      total: count,
      booked: count,
      ongoing: count,
      ended: count,
      cancelled: count,
      sme_absent: count,
    }),
    {
      description: `The last ${STATISTICS_MONTHS} Riyadh months, oldest first, every month present (zeros included): sessions by state.`,
    },
  ),
})

/** A contributor's business-owner counts for the dashboard. */
export const SmeStatisticsSchema = Type.Object({
  total: count,
  new: count,
  returning: count,
  by_company_phase: Type.Object({
    idea_owner: count,
    launched_project: count,
    facing_challenge: count,
    growing: count,
  }),
  by_month: Type.Array(Type.Object({ month: Month, met: count, new: count, returning: count }), {
    description:
      `The last ${STATISTICS_MONTHS} Riyadh months, oldest first, every month present: business owners met ` +
      'that month (an ongoing or ended session), of whom new (met for the first time) and returning.',
  }),
})

/**
 * A contributor's session counts: all, by state and way, the hours of ended sessions, per Riyadh month
 * (`by_month`, months without sessions left out) and the last 6 Riyadh months by state (`last_months`).
 */
export type SessionStatistics = Static<typeof SessionStatisticsSchema>
/** A contributor's business-owner counts: distinct, new and returning, by company phase and per month. */
export type SmeStatistics = Static<typeof SmeStatisticsSchema>
