/**
 * Host app messages: the site's own words under the shared namespaces (the application's name, navigation,
 * profile menu, footer, account deletion, page titles, empty lists, …), which no widget shows. They were in
 * the shared catalogs; here the widgets' and partners' bundles never carry them. Arabic first; both
 * languages hold the same keys (tested in `i18n/index.test.ts`).
 */
export const ar = {
  // Application
  'app.name': 'مشورة',
  'app.tagline': 'منصة الاستشارات والإرشاد لأصحاب المنشآت الصغيرة والمتوسطة',

  // Navigation bar and side menu
  'nav.unreadMessages': 'لديك رسائل غير مقروءة',
  'nav.newNotifications':
    '{count, plural, zero {لا توجد إشعارات جديدة} one {إشعار جديد واحد} two {إشعاران جديدان} few {# إشعارات جديدة} many {# إشعارًا جديدًا} other {# إشعار جديد}}',
  'nav.about': 'من نحن',
  'nav.logout': 'تسجيل الخروج',
  'nav.mainMenu': 'القائمة الرئيسية',
  'nav.openMenu': 'فتح القائمة',
  'nav.closeMenu': 'إغلاق القائمة',
  'nav.skipToContent': 'الانتقال إلى المحتوى الرئيسي',

  // Profile menu
  'profileMenu.label': 'قائمة الحساب',
  'profileMenu.switchToExpert': 'التبديل إلى ملف الخبير',
  'profileMenu.switchToBusinessOwner': 'التبديل إلى ملف صاحب المنشأة',
  'profileMenu.instantSessions': 'متاح للجلسات الفورية',
  'profileMenu.instantSessionsEnabled': 'الجلسات الفورية مفعّلة',
  'profileMenu.instantSessionsDisabled': 'الجلسات الفورية غير مفعّلة',
  'profileMenu.logout': 'تسجيل الخروج',
  'profileMenu.backOffice': 'لوحة الإدارة',

  // Language toggle
  'language.nativeName': 'العربية',
  'language.switch': 'التبديل إلى اللغة الإنجليزية',

  // Footer
  'footer.about': 'من نحن',
  'footer.contactUs': 'تواصل معنا',
  'footer.terms': 'الشروط والأحكام',
  'footer.requestAccountDeletion': 'طلب حذف الحساب',
  'footer.copyright': '© {year, number, ::group-off} مشورة. جميع الحقوق محفوظة.',
  'footer.downloadApp': 'حمّل التطبيق',
  'footer.appStore': 'حمّل التطبيق من App Store',
  'footer.googlePlay': 'احصل على التطبيق من Google Play',
  'footer.followUs': 'تابعنا',
  'footer.social.x': 'تابعنا على إكس',
  'footer.social.instagram': 'تابعنا على إنستغرام',
  'footer.social.linkedin': 'تابعنا على لينكدإن',
  'footer.social.youtube': 'تابعنا على يوتيوب',
  'footer.social.snapchat': 'تابعنا على سناب شات',

  // Account deletion dialog
  'accountDeletion.title': 'طلب حذف الحساب',
  'accountDeletion.question': 'هل تريد حذف حسابك؟',
  'accountDeletion.yes': 'نعم',
  'accountDeletion.no': 'لا',
  'accountDeletion.reasonLabel': 'سبب طلب الحذف',
  'accountDeletion.reasonPlaceholder': 'اكتب سبب رغبتك في حذف الحساب',
  'accountDeletion.cancel': 'إلغاء',
  'accountDeletion.send': 'إرسال الطلب',
  'accountDeletion.charactersLeft':
    '{remaining, plural, zero {لم يتبقَّ أي حرف} one {تبقّى حرف واحد} two {تبقّى حرفان} few {تبقّت # أحرف} many {تبقّى # حرفًا} other {تبقّى # حرف}}',

  // Sessions
  'sessions.upcoming': 'الجلسات القادمة',
  'sessions.history': 'سجل الجلسات',
  'sessions.with': 'جلسة مع {name}',
  'sessions.viewDetails': 'عرض التفاصيل',
  'sessions.businessOwnerHistory': 'سجل صاحب المنشأة',

  // Requests
  'requests.title': 'الطلبات',
  'requests.view': 'عرض الطلب',
  'requests.accept': 'قبول',
  'requests.reject': 'رفض',
  'requests.rejectReason': 'سبب الرفض',
  'requests.rejectReasonPlaceholder': 'اكتب سبب رفض الطلب',

  // Recommendations form
  'recommendations.add': 'إضافة التوصيات',
  'recommendations.challengesPlaceholder': 'اذكر أبرز التحديات التي تواجه المنشأة',
  'recommendations.recommendationsPlaceholder': 'اكتب توصياتك لصاحب المنشأة',
  'recommendations.needAnotherSession': 'يحتاج إلى جلسة أخرى',
  'recommendations.needAcademyCourse': 'يحتاج إلى دورة تدريبية من الأكاديمية',
  'recommendations.needPlatformFeature': 'يحتاج إلى خدمة من خدمات المنصة',
  'recommendations.companyPhase': 'مرحلة المنشأة',
  'recommendations.phase.ideaOwner': 'صاحب فكرة',
  'recommendations.phase.launchedProject': 'مشروع قائم',
  'recommendations.phase.facingChallenge': 'يواجه تحديًا',
  'recommendations.phase.growing': 'في مرحلة النمو',
  'recommendations.successStory': 'تُعدّ هذه الحالة قصة نجاح',
  'recommendations.successStorySummary': 'ملخص قصة النجاح',
  'recommendations.comment': 'ملاحظات إضافية',
  'recommendations.voiceNote': 'ملاحظة صوتية',
  'recommendations.attachments': 'المرفقات',
  'recommendations.addAttachments': 'إضافة مرفقات',
  'recommendations.attachmentsCount':
    '{count, plural, zero {لا توجد مرفقات} one {مرفق واحد} two {مرفقان} few {# مرفقات} many {# مرفقًا} other {# مرفق}}',
  'recommendations.submit': 'حفظ التوصيات',

  // A woman's kind in the feminine: `gender` is the contributor's (`female`, or `male`/null for the masculine).
  'contributors.list.bsa': 'مستشارو مراكز دعم المنشآت',
  'contributors.list.advisors': 'المرشدون',
  'contributors.list.consultants': 'المستشارون',
  'contributors.list.partners': 'الشركاء',

  // Contributor profile
  'profile.addSlots': 'إضافة مواعيد',
  'profile.deleteSlot': 'حذف الموعد',
  'profile.currentSessions': 'الجلسات الحالية',

  // Dashboard
  'dashboard.title': 'لوحة المعلومات',
  'dashboard.sessionsStatistics': 'إحصائيات الجلسات',
  'dashboard.smeStatistics': 'إحصائيات أصحاب المنشآت',
  'dashboard.totalSessions': 'إجمالي الجلسات',
  'dashboard.completedSessions': 'الجلسات المكتملة',
  'dashboard.cancelledSessions': 'الجلسات الملغاة',
  'dashboard.absentSessions': 'جلسات لم يحضرها صاحب المنشأة',

  // Chat and notifications
  'chat.title': 'المحادثات',
  'chat.placeholder': 'اكتب رسالتك…',
  'chat.send': 'إرسال',
  'notifications.loadMore': 'عرض المزيد',

  // Public pages
  'about.title': 'من نحن',
  'faq.title': 'الأسئلة الشائعة',
  'contact.title': 'تواصل معنا',
  'contact.mobile': 'رقم الجوال',
  'contact.email': 'البريد الإلكتروني',
  'contact.whatsapp': 'واتساب',

  // Terms popup
  'terms.title': 'الشروط والأحكام',
  'terms.intro': 'يرجى قراءة الشروط والأحكام والموافقة عليها للمتابعة.',
  'terms.agree': 'أوافق على الشروط والأحكام',

  // Not-found page
  'notFound.title': 'الصفحة غير موجودة',
  'notFound.body': 'عذرًا، لم نتمكن من العثور على الصفحة التي تبحث عنها.',
  'notFound.backHome': 'العودة إلى الرئيسية',

  // Empty states
  'empty.upcomingSessions': 'لا توجد جلسات قادمة',
  'empty.history': 'لا توجد جلسات سابقة',
  'empty.requests': 'لا توجد طلبات',
  'empty.notifications': 'لا توجد إشعارات',
  'empty.faq': 'لا توجد أسئلة شائعة حاليًا',
  'empty.recommendations': 'لا توجد توصيات لهذه الجلسة',

  // Common
  'common.showMore': 'عرض المزيد',
  'common.optional': 'اختياري',

  // Snackbar messages (spec section 8)
  'snackbar.viewRequest': 'عرض الطلب',
  'snackbar.viewSession': 'عرض الجلسة',
  'snackbar.dismiss': 'إغلاق التنبيه',
  'snackbar.browserUnsupported':
    'المتصفح الذي تستخدمه لا يدعم الإشعارات الفورية والمحادثة عن بُعد، يرجى استخدام متصفح Chrome أو Firefox.',
  'snackbar.offline': 'لا يوجد اتصال بالإنترنت',
  'snackbar.pushTokenUnavailable': 'رمز الإشعارات غير متوفر',
  'snackbar.allowNotifications': 'يرجى السماح باستقبال الإشعارات',
  'snackbar.notificationPermissionDenied':
    'لا توجد صلاحية لعرض الإشعارات، يرجى السماح بها من إعدادات المتصفح',
  'snackbar.pushListenFailed': 'حدث خطأ ما، لا توجد صلاحية لاستقبال الإشعارات',
} as const satisfies Record<string, string>

/** The English of {@link ar}, key for key. */
export const en: Record<keyof typeof ar, string> = {
  // Application
  'app.name': 'Mashura',
  'app.tagline': 'Consulting and advisory sessions for small and medium business owners',

  // Navigation bar and side menu
  'nav.unreadMessages': 'You have unread messages',
  'nav.newNotifications':
    '{count, plural, =0 {No new notifications} one {# new notification} other {# new notifications}}',
  'nav.about': 'About us',
  'nav.logout': 'Log out',
  'nav.mainMenu': 'Main menu',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.skipToContent': 'Skip to main content',

  // Profile menu
  'profileMenu.label': 'Account menu',
  'profileMenu.switchToExpert': 'Switch to expert profile',
  'profileMenu.switchToBusinessOwner': 'Switch to business owner profile',
  'profileMenu.instantSessions': 'Available for instant sessions',
  'profileMenu.instantSessionsEnabled': 'Instant sessions are enabled',
  'profileMenu.instantSessionsDisabled': 'Instant sessions are not enabled',
  'profileMenu.logout': 'Log out',
  'profileMenu.backOffice': 'Back office',

  // Language toggle
  'language.nativeName': 'English',
  'language.switch': 'Switch to Arabic',

  // Footer
  'footer.about': 'About us',
  'footer.contactUs': 'Contact us',
  'footer.terms': 'Terms and conditions',
  'footer.requestAccountDeletion': 'Request account deletion',
  'footer.copyright': '© {year, number, ::group-off} Mashura. All rights reserved.',
  'footer.downloadApp': 'Get the app',
  'footer.appStore': 'Download on the App Store',
  'footer.googlePlay': 'Get it on Google Play',
  'footer.followUs': 'Follow us',
  'footer.social.x': 'Follow us on X',
  'footer.social.instagram': 'Follow us on Instagram',
  'footer.social.linkedin': 'Follow us on LinkedIn',
  'footer.social.youtube': 'Follow us on YouTube',
  'footer.social.snapchat': 'Follow us on Snapchat',

  // Account deletion dialog
  'accountDeletion.title': 'Request account deletion',
  'accountDeletion.question': 'Do you want to delete your account?',
  'accountDeletion.yes': 'Yes',
  'accountDeletion.no': 'No',
  'accountDeletion.reasonLabel': 'Reason for deletion',
  'accountDeletion.reasonPlaceholder': 'Tell us why you want to delete your account',
  'accountDeletion.cancel': 'Cancel',
  'accountDeletion.send': 'Send request',
  'accountDeletion.charactersLeft':
    '{remaining, plural, =0 {No characters left} one {# character left} other {# characters left}}',

  // Sessions
  'sessions.upcoming': 'Upcoming sessions',
  'sessions.history': 'Session history',
  'sessions.with': 'Session with {name}',
  'sessions.viewDetails': 'View details',
  'sessions.businessOwnerHistory': 'Business owner history',

  // Requests
  'requests.title': 'Requests',
  'requests.view': 'View request',
  'requests.accept': 'Accept',
  'requests.reject': 'Reject',
  'requests.rejectReason': 'Reason for rejection',
  'requests.rejectReasonPlaceholder': 'Write why you are rejecting the request',

  // Recommendations form
  'recommendations.add': 'Add recommendations',
  'recommendations.challengesPlaceholder': 'Describe the main challenges the business faces',
  'recommendations.recommendationsPlaceholder': 'Write your recommendations for the business owner',
  'recommendations.needAnotherSession': 'Needs another session',
  'recommendations.needAcademyCourse': 'Needs an academy course',
  'recommendations.needPlatformFeature': 'Needs a platform service',
  'recommendations.companyPhase': 'Company phase',
  'recommendations.phase.ideaOwner': 'Idea owner',
  'recommendations.phase.launchedProject': 'Launched project',
  'recommendations.phase.facingChallenge': 'Facing a challenge',
  'recommendations.phase.growing': 'Growing',
  'recommendations.successStory': 'This is a success story',
  'recommendations.successStorySummary': 'Success story summary',
  'recommendations.comment': 'Comment',
  'recommendations.voiceNote': 'Voice note',
  'recommendations.attachments': 'Attachments',
  'recommendations.addAttachments': 'Add attachments',
  'recommendations.attachmentsCount':
    '{count, plural, =0 {No attachments} one {# attachment} other {# attachments}}',
  'recommendations.submit': 'Save recommendations',

  // English titles are the same for women and men; the select keeps the arguments of the Arabic.
  'contributors.list.bsa': 'Business support advisors',
  'contributors.list.advisors': 'Advisors',
  'contributors.list.consultants': 'Consultants',
  'contributors.list.partners': 'Partners',

  // Contributor profile
  'profile.addSlots': 'Add slots',
  'profile.deleteSlot': 'Delete slot',
  'profile.currentSessions': 'Current sessions',

  // Dashboard
  'dashboard.title': 'Dashboard',
  'dashboard.sessionsStatistics': 'Session statistics',
  'dashboard.smeStatistics': 'Business owner statistics',
  'dashboard.totalSessions': 'Total sessions',
  'dashboard.completedSessions': 'Completed sessions',
  'dashboard.cancelledSessions': 'Cancelled sessions',
  'dashboard.absentSessions': 'Sessions the business owner missed',

  // Chat and notifications
  'chat.title': 'Conversations',
  'chat.placeholder': 'Write your message…',
  'chat.send': 'Send',
  'notifications.loadMore': 'Show more',

  // Public pages
  'about.title': 'About us',
  'faq.title': 'Frequently asked questions',
  'contact.title': 'Contact us',
  'contact.mobile': 'Mobile number',
  'contact.email': 'Email',
  'contact.whatsapp': 'WhatsApp',

  // Terms popup
  'terms.title': 'Terms and conditions',
  'terms.intro': 'Please read and accept the terms and conditions to continue.',
  'terms.agree': 'I agree to the terms and conditions',

  // Not-found page
  'notFound.title': 'Page not found',
  'notFound.body': 'Sorry, we could not find the page you are looking for.',
  'notFound.backHome': 'Back to home',

  // Empty states
  'empty.upcomingSessions': 'No upcoming sessions',
  'empty.history': 'No past sessions',
  'empty.requests': 'No requests',
  'empty.notifications': 'No notifications',
  'empty.faq': 'No frequently asked questions yet',
  'empty.recommendations': 'No recommendations for this session',

  // Common
  'common.showMore': 'Show more',
  'common.optional': 'Optional',

  // Snackbar messages (spec section 8)
  'snackbar.viewRequest': 'View request',
  'snackbar.viewSession': 'View session',
  'snackbar.dismiss': 'Dismiss',
  'snackbar.browserUnsupported':
    'Your browser does not support instant notifications and remote chat. Please use Chrome or Firefox.',
  'snackbar.offline': 'No internet connection',
  'snackbar.pushTokenUnavailable': 'The notification token is not available',
  'snackbar.allowNotifications': 'Please allow notifications',
  'snackbar.notificationPermissionDenied':
    'Notifications are not permitted. Please allow them in your browser settings',
  'snackbar.pushListenFailed': 'Something went wrong: no permission to receive notifications',
}
