/**
 * Host app messages: sme-pages (the signed-in pages: sessions, requests, own profile and the expert pages).
 * Arabic first; both languages hold the same keys (tested in `i18n/index.test.ts`). Shared words stay in the
 * shared catalogs (`sessions.*`, `requests.*`, `dashboard.*`, `recommendations.*`, `common.*`, …).
 */
export const ar = {
  // Lists
  'smePages.loadFailed': 'تعذّر تحميل البيانات. تحقّق من اتصالك ثم حاول مرة أخرى.',
  'smePages.pagination': 'التنقل بين الصفحات',

  // Sessions list
  'sessionsPage.title': 'جلساتي',
  'sessionsPage.tabs': 'الجلسات المعروضة',
  'sessionsPage.scope.today': 'اليوم',
  'sessionsPage.scope.week': 'هذا الأسبوع',
  'sessionsPage.scope.month': 'هذا الشهر',
  'sessionsPage.scope.upcoming': 'القادمة',
  'sessionsPage.scope.past': 'السابقة',
  'sessionsPage.count':
    '{count, plural, =0 {لا توجد جلسات} one {جلسة واحدة} two {جلستان} few {# جلسات} many {# جلسة} other {# جلسة}}',
  'sessionsPage.emptyUpcomingHint': 'ابحث عن مستشار أو مرشد يناسب احتياجك واحجز جلستك الأولى.',
  'sessionsPage.emptyHistoryHint': 'تظهر هنا جلساتك بعد انتهائها، ومنها تطّلع على توصيات الخبراء.',
  'sessionsPage.emptyExpertHint':
    'لا توجد جلسات محجوزة في هذه الفترة. اختر فترة أخرى أو أضف مواعيد متاحة من ملفك.',
  'sessionsPage.findExpert': 'ابحث عن خبير',
  'sessionsPage.subject': 'الموضوع',
  'sessionsPage.timeRange': '{start} – {end} ({zone})',
  'sessionsPage.instant': 'جلسة فورية',
  'sessionsPage.historyOf': 'سجل {name}',
  'sessionsPage.backToList': 'العودة إلى الجلسات',

  // Requests
  'requestsPage.title': 'طلبات الجلسات',
  'requestsPage.count':
    '{count, plural, =0 {لا توجد طلبات} one {طلب واحد} two {طلبان} few {# طلبات} many {# طلبًا} other {# طلب}}',
  'requestsPage.emptySmeHint': 'عند حجز جلسة مع مرشد يصله طلبك، ويبقى هنا حتى يردّ عليه.',
  'requestsPage.emptyAdvisorHint': 'تظهر هنا طلبات أصحاب المنشآت لجلسات الإرشاد معك.',
  'requestPage.sentAt': 'أُرسل الطلب',
  'requestPage.expiresAt': 'ينتهي إن لم يُردّ عليه',
  'requestsPage.requestedTime': 'الموعد المطلوب',
  'requestPage.note': 'ملاحظة صاحب المنشأة',
  'requestPage.waitingHint': 'طلبك بانتظار ردّ المرشد، وسيصلك إشعار عند الرد.',
  'requestPage.openSession': 'عرض الجلسة',
  'requestPage.acceptConfirm': 'قبول الطلب يحجز الموعد ويُنشئ الجلسة مع {name}.',
  'requestPage.rejectTitle': 'رفض الطلب',
  'requestPage.accepted': 'تم قبول الطلب وحجز الجلسة',
  'requestPage.rejected': 'تم رفض الطلب',
  'requestPage.backToList': 'العودة إلى الطلبات',

  // Session details
  'sessionPage.title': 'تفاصيل الجلسة',

  // Own profile
  'myProfile.title': 'ملفي الشخصي',
  'myProfile.companies': 'منشآتي',
  'myProfile.noCompanies': 'لا توجد منشآت مسجّلة باسمك.',
  'myProfile.commercialRegistration': 'السجل التجاري',
  'myProfile.city': 'المدينة',
  'myProfile.completedSessions':
    '{count, plural, =0 {لا توجد جلسات منتهية} one {جلسة منتهية واحدة} two {جلستان منتهيتان} few {# جلسات منتهية} many {# جلسة منتهية} other {# جلسة منتهية}}',
  'myProfile.history': 'سجل جلساتي',
  'myProfile.expertHint': 'أنت تتصفح بصفتك خبيرًا. ملفك العام هو ما يراه أصحاب المنشآت عند الحجز.',
  'myProfile.publicProfile': 'عرض ملفي العام',
  'myProfile.dashboard': 'لوحة التحكم',

  // Dashboard
  'dashboardPage.today': 'جلسات اليوم',
  'dashboardPage.allSessions': 'كل الجلسات',
  'dashboardPage.pending':
    '{count, plural, =0 {لا توجد طلبات بانتظار ردّك} one {طلب واحد بانتظار ردّك} two {طلبان بانتظار ردّك} few {# طلبات بانتظار ردّك} many {# طلبًا بانتظار ردّك} other {# طلب بانتظار ردّك}}',
  'dashboardPage.viewRequests': 'عرض الطلبات',
  'dashboardPage.booked': 'جلسات محجوزة قادمة',
  'dashboardPage.online': 'جلسات عن بُعد',
  'dashboardPage.office': 'جلسات في المكتب',
  'dashboardPage.hours': 'ساعات الجلسات المنتهية',
  'dashboardPage.byMonth': 'الجلسات حسب الشهر',
  'dashboardPage.month': 'الشهر',
  'dashboardPage.total': 'الإجمالي',
  'dashboardPage.ended': 'المنتهية',
  'dashboardPage.smeTotal': 'أصحاب المنشآت الذين التقيتهم',
  'dashboardPage.smeNew': 'التقيتهم مرة واحدة',
  'dashboardPage.smeReturning': 'عادوا لجلسة أخرى',
  'dashboardPage.byPhase': 'حسب مرحلة المنشأة',

  // Notifications
  'notificationsPage.count':
    '{count, plural, =0 {لا توجد إشعارات} one {إشعار واحد} two {إشعاران} few {# إشعارات} many {# إشعارًا} other {# إشعار}}',
  'notificationsPage.unread': 'غير مقروء',
  'notificationsPage.markRead': 'تعليم كمقروء',
  'notificationsPage.emptyHint': 'تصلك هنا الحجوزات الجديدة والطلبات وتذكيرات الجلسات.',

  // Business owner history and recommendations
  'smeHistory.viewRecommendations': 'عرض التوصيات',
  'smeHistory.emptyHint': 'لا توجد جلسات سابقة لصاحب المنشأة.',
  'sessionRecs.writtenOn': 'كُتبت في {date}',
  'sessionRecs.links': 'روابط داعمة',

  // Chat
  'chatPage.with': 'محادثة مع {name}',

  // Recommendations form
} as const satisfies Record<string, string>

/** The English of {@link ar}, key for key. */
export const en: Record<keyof typeof ar, string> = {
  'smePages.loadFailed': 'We could not load this. Check your connection and try again.',
  'smePages.pagination': 'Pages',

  'sessionsPage.title': 'My sessions',
  'sessionsPage.tabs': 'Sessions shown',
  'sessionsPage.scope.today': 'Today',
  'sessionsPage.scope.week': 'This week',
  'sessionsPage.scope.month': 'This month',
  'sessionsPage.scope.upcoming': 'Upcoming',
  'sessionsPage.scope.past': 'Past',
  'sessionsPage.count': '{count, plural, =0 {No sessions} one {# session} other {# sessions}}',
  'sessionsPage.emptyUpcomingHint':
    'Find a consultant or advisor who fits your needs and book your first session.',
  'sessionsPage.emptyHistoryHint':
    'Your sessions appear here once they are over, with the experts’ recommendations.',
  'sessionsPage.emptyExpertHint':
    'No sessions are booked in this period. Choose another period or publish free slots from your profile.',
  'sessionsPage.findExpert': 'Find an expert',
  'sessionsPage.subject': 'Subject',
  'sessionsPage.timeRange': '{start} – {end} ({zone})',
  'sessionsPage.instant': 'Instant session',
  'sessionsPage.historyOf': 'History of {name}',
  'sessionsPage.backToList': 'Back to sessions',

  'requestsPage.title': 'Session requests',
  'requestsPage.count': '{count, plural, =0 {No requests} one {# request} other {# requests}}',
  'requestsPage.emptySmeHint':
    'When you book a session with an advisor, your request goes to them and waits here for their answer.',
  'requestsPage.emptyAdvisorHint': 'Business owners’ requests for guidance sessions with you appear here.',
  'requestPage.sentAt': 'Sent',
  'requestPage.expiresAt': 'Expires if unanswered',
  'requestsPage.requestedTime': 'Requested time',
  'requestPage.note': 'The business owner’s note',
  'requestPage.waitingHint': 'Your request is waiting for the advisor’s answer; you will be notified.',
  'requestPage.openSession': 'View the session',
  'requestPage.acceptConfirm': 'Accepting books the time and creates the session with {name}.',
  'requestPage.rejectTitle': 'Reject the request',
  'requestPage.accepted': 'Request accepted and session booked',
  'requestPage.rejected': 'Request rejected',
  'requestPage.backToList': 'Back to requests',

  'sessionPage.title': 'Session details',

  'myProfile.title': 'My profile',
  'myProfile.companies': 'My companies',
  'myProfile.noCompanies': 'No companies are registered in your name.',
  'myProfile.commercialRegistration': 'Commercial registration',
  'myProfile.city': 'City',
  'myProfile.completedSessions':
    '{count, plural, =0 {No completed sessions} one {# completed session} other {# completed sessions}}',
  'myProfile.history': 'My session history',
  'myProfile.expertHint':
    'You are browsing as an expert. Your public profile is what business owners see when they book.',
  'myProfile.publicProfile': 'View my public profile',
  'myProfile.dashboard': 'Dashboard',

  'dashboardPage.today': 'Today’s sessions',
  'dashboardPage.allSessions': 'All sessions',
  'dashboardPage.pending':
    '{count, plural, =0 {No requests await your answer} one {# request awaits your answer} other {# requests await your answer}}',
  'dashboardPage.viewRequests': 'View requests',
  'dashboardPage.booked': 'Booked sessions to come',
  'dashboardPage.online': 'Online sessions',
  'dashboardPage.office': 'Office sessions',
  'dashboardPage.hours': 'Hours of ended sessions',
  'dashboardPage.byMonth': 'Sessions by month',
  'dashboardPage.month': 'Month',
  'dashboardPage.total': 'Total',
  'dashboardPage.ended': 'Ended',
  'dashboardPage.smeTotal': 'Business owners met',
  'dashboardPage.smeNew': 'Met once',
  'dashboardPage.smeReturning': 'Came back for another session',
  'dashboardPage.byPhase': 'By company phase',

  'notificationsPage.count':
    '{count, plural, =0 {No notifications} one {# notification} other {# notifications}}',
  'notificationsPage.unread': 'Unread',
  'notificationsPage.markRead': 'Mark as read',
  'notificationsPage.emptyHint': 'New bookings, requests and session reminders arrive here.',

  'smeHistory.viewRecommendations': 'View recommendations',
  'smeHistory.emptyHint': 'This business owner has no past sessions.',
  'sessionRecs.writtenOn': 'Written on {date}',
  'sessionRecs.links': 'Supporting links',

  'chatPage.with': 'Conversation with {name}',
}
