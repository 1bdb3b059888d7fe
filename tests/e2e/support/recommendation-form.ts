/**
 * The expert's recommendations form as the journeys meet it (host-app's add-recommendations page).
 */

/**
 * The fields an empty recommendations form leaves in error, in the order the form shows them (and its error
 * summary lists them): its required questions.
 */
export const REQUIRED_RECOMMENDATION_FIELDS = [
  'challenges',
  'recommendations',
  'need_another_session',
  'need_academy_course',
  'need_platform_feature',
  'company_phase',
] as const
