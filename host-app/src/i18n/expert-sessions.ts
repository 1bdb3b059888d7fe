/**
 * Host app messages: expert-sessions (the expert's sessions and instant sessions).
 * Arabic first; both languages hold the same keys (tested in `i18n/index.test.ts`).
 */
export const ar = {
  'expertSessions.links': 'روابط متعلقة بالجلسة',
  'expertSessions.ownerHistory': 'سجل جلسات صاحب المنشأة',
  'expertSessions.viewRecommendations': 'عرض توصيات الجلسة',
  'expertSessions.writeRecommendations': 'كتابة توصيات الجلسة',
  'instant.availableNow': 'متاح الآن',
  'instant.hint': 'هذا الخبير متاح الآن لجلسة فورية بالاتصال المرئي، فانضم إليه مباشرة دون حجز موعد.',
  'instant.joinNow': 'انضم الآن',
  'instant.joining': 'جارٍ بدء الجلسة…',
  'instant.signInToJoin': 'سجّل الدخول للانضمام الآن',
} as const satisfies Record<string, string>

export const en: Record<keyof typeof ar, string> = {
  'expertSessions.links': 'About this session',
  'expertSessions.ownerHistory': "The business owner's session history",
  'expertSessions.viewRecommendations': "View the session's recommendations",
  'expertSessions.writeRecommendations': "Write the session's recommendations",
  'instant.availableNow': 'Available now',
  'instant.hint': 'This expert is available for an instant video session right now: join without booking.',
  'instant.joinNow': 'Join now',
  'instant.joining': 'Starting the session…',
  'instant.signInToJoin': 'Sign in to join now',
}
