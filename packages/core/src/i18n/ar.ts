/**
 * The Arabic message catalog, in ICU MessageFormat, and the source of truth for message keys.
 *
 * Keys are dotted and namespaced (`nav.home`, `errors.slotAlreadyBooked`). Numbers inside messages go through
 * ICU `plural` with all six Arabic categories (zero, one, two, few, many, other) or through `number`, so that
 * they come out in the same digits as the rest of the Arabic text. Server error messages live under `errors.`.
 *
 * Subject types map to keys as 1 → `subjects.consulting`, 2 → `subjects.guidance`,
 * 4 → `subjects.partnerships`; communication ways as 0 → `communication.online`, 1 → `communication.office`.
 */
export const ar = {
  // Application
  'app.name': 'مشورة',
  'app.tagline': 'منصة الاستشارات والإرشاد لأصحاب المنشآت الصغيرة والمتوسطة',

  // Navigation bar and side menu
  'nav.home': 'الرئيسية',
  'nav.sessions': 'الجلسات',
  'nav.myWeek': 'جدولي الأسبوعي',
  'nav.messages': 'الرسائل',
  'nav.unreadMessages': 'لديك رسائل غير مقروءة',
  'nav.notifications': 'الإشعارات',
  'nav.newNotifications':
    '{count, plural, zero {لا توجد إشعارات جديدة} one {إشعار جديد واحد} two {إشعاران جديدان} few {# إشعارات جديدة} many {# إشعارًا جديدًا} other {# إشعار جديد}}',
  'nav.dashboard': 'لوحة المعلومات',
  'nav.myRequests': 'طلباتي',
  'nav.faq': 'الأسئلة الشائعة',
  'nav.searchPlaceholder': 'ابحث عن مستشار أو مرشد أو مجال اهتمام',
  'nav.searchSubmit': 'بحث',
  'nav.signIn': 'تسجيل الدخول',
  'nav.profile': 'الملف الشخصي',
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
  'accountDeletion.sent': 'تم إرسال طلبك بنجاح',
  'accountDeletion.reasonRequired': 'يرجى كتابة سبب طلب الحذف',
  'accountDeletion.reasonTooLong':
    'يجب ألا يزيد السبب على {max, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}',
  'accountDeletion.charactersLeft':
    '{remaining, plural, zero {لم يتبقَّ أي حرف} one {تبقّى حرف واحد} two {تبقّى حرفان} few {تبقّت # أحرف} many {تبقّى # حرفًا} other {تبقّى # حرف}}',

  // Sessions
  'sessions.upcoming': 'الجلسات القادمة',
  'sessions.history': 'سجل الجلسات',
  'sessions.details': 'تفاصيل الجلسة',
  'sessions.with': 'جلسة مع {name}',
  'sessions.date': 'التاريخ',
  'sessions.time': 'الوقت',
  'sessions.duration': 'المدة',
  'sessions.durationMinutes':
    '{minutes, plural, zero {أقل من دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'sessions.type': 'نوع الجلسة',
  'sessions.communicationWay': 'طريقة التواصل',
  'sessions.businessOwner': 'صاحب المنشأة',
  'sessions.expert': 'الخبير',
  'sessions.office': 'المكتب',
  'sessions.viewDetails': 'عرض التفاصيل',
  'sessions.businessOwnerHistory': 'سجل صاحب المنشأة',
  'sessions.recommendations': 'توصيات الجلسة',
  'sessions.status.booked': 'محجوزة',
  'sessions.status.ongoing': 'لديك جلسة الآن',
  'sessions.status.ended': 'منتهية',
  'sessions.status.cancelled': 'ملغاة',
  'sessions.status.smeAbsent': 'لم يحضر صاحب المنشأة',

  // Requests
  'requests.title': 'الطلبات',
  'requests.details': 'تفاصيل الطلب',
  'requests.view': 'عرض الطلب',
  'requests.accept': 'قبول',
  'requests.reject': 'رفض',
  'requests.rejectReason': 'سبب الرفض',
  'requests.rejectReasonPlaceholder': 'اكتب سبب رفض الطلب',
  'requests.status.waiting': 'بانتظار الرد',
  'requests.status.accepted': 'مقبول',
  'requests.status.rejected': 'مرفوض',
  'requests.status.expired': 'منتهي الصلاحية',

  // Meeting actions
  'meeting.start': 'بدء الاجتماع',
  'meeting.continue': 'متابعة الاجتماع',
  'meeting.end': 'إنهاء الاجتماع',
  'meeting.endConfirm': 'هل تريد إنهاء الاجتماع؟',
  'meeting.forceEnd': 'إنهاء الاجتماع إجباريًا',
  'meeting.endReason': 'سبب الإنهاء',
  'meeting.endReasonPlaceholder': 'اكتب سبب إنهاء الاجتماع',
  'meeting.markAbsent': 'تسجيل غياب صاحب المنشأة',
  'meeting.markAbsentConfirm': 'هل تريد تأكيد عدم حضور صاحب المنشأة لهذه الجلسة؟',
  'meeting.cancel': 'إلغاء الجلسة',
  'meeting.cancelReason': 'سبب الإلغاء',
  'meeting.cancelReasonPlaceholder': 'اختر سبب الإلغاء',
  'meeting.cancelConfirm': 'تأكيد الإلغاء',
  'meeting.extend': 'تمديد الجلسة',
  'meeting.extended':
    'تم تمديد الجلسة {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'meeting.endInstant': 'إنهاء الجلسة الفورية',
  'meeting.joinNow': 'انضم الآن',
  'meeting.waiting': 'بانتظار انضمام الطرف الآخر…',

  // Booking
  'booking.book': 'احجز جلسة',
  'booking.availableSlots': 'المواعيد المتاحة',
  'booking.noSlots': 'لا توجد مواعيد متاحة حاليًا',
  'booking.chooseDate': 'اختر التاريخ',
  'booking.chooseSlot': 'اختر موعدًا',
  'booking.communicationWay': 'طريقة التواصل',
  'booking.online': 'عن بُعد (مكالمة صوتية أو مرئية)',
  'booking.inOffice': 'حضوريًا في المكتب',
  'booking.chooseOffice': 'اختر المكتب',
  'booking.confirm': 'تأكيد الحجز',
  'booking.successTitle': 'تم حجز الجلسة بنجاح',
  'booking.successBody': 'تم حجز جلستك مع {name} يوم {date} الساعة {time}.',
  'booking.requestSentTitle': 'تم إرسال طلبك',
  'booking.requestPending': 'طلبك بانتظار رد الخبير',

  // Rating
  'rating.title': 'تقييم الجلسة',
  'rating.intro': 'يسعدنا معرفة رأيك في جلستك مع {name}',
  'rating.questionnaire': 'استبيان التقييم',
  'rating.rateExpert': 'قيّم الخبير',
  'rating.stars':
    '{count, plural, zero {بلا نجوم} one {نجمة واحدة} two {نجمتان} few {# نجوم} many {# نجمة} other {# نجمة}}',
  'rating.about': 'أنت تقيّم جلستك مع {expert} يوم {date} في موضوع {subject}.',
  'rating.aboutNoSubject': 'أنت تقيّم جلستك مع {expert} يوم {date}.',
  'rating.starsChosen': '{value, number} من {max, number}',
  'rating.characters': 'عدد الأحرف: {count, number} من {max, number}',
  'rating.commentPlaceholder': 'أضف ملاحظاتك (اختياري)',
  'rating.submit': 'إرسال التقييم',
  'rating.alreadyRated': 'لقد قيّمت هذه الجلسة مسبقًا، شكرًا لك.',
  'rating.succeeded': 'شكرًا لك! تم إرسال تقييمك بنجاح.',

  // Recommendations form
  'recommendations.title': 'التوصيات',
  'recommendations.add': 'إضافة التوصيات',
  'recommendations.challenges': 'التحديات',
  'recommendations.challengesPlaceholder': 'اذكر أبرز التحديات التي تواجه المنشأة',
  'recommendations.recommendations': 'التوصيات',
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
  'recommendations.recordVoiceNote': 'تسجيل ملاحظة صوتية',
  'recommendations.stopRecording': 'إيقاف التسجيل',
  'recommendations.deleteVoiceNote': 'حذف الملاحظة الصوتية',
  'recommendations.attachments': 'المرفقات',
  'recommendations.addAttachments': 'إضافة مرفقات',
  'recommendations.attachmentsCount':
    '{count, plural, zero {لا توجد مرفقات} one {مرفق واحد} two {مرفقان} few {# مرفقات} many {# مرفقًا} other {# مرفق}}',
  'recommendations.submit': 'حفظ التوصيات',
  'recommendations.saved': 'تم حفظ التوصيات بنجاح',

  // Contributors, lists and filters
  // A woman's kind in the feminine: `gender` is the contributor's (`female`, or `male`/null for the masculine).
  'contributors.kind.bsa':
    '{gender, select, female {مستشارة مراكز دعم المنشآت} other {مستشار مراكز دعم المنشآت}}',
  'contributors.kind.advisor': '{gender, select, female {مرشدة} other {مرشد}}',
  'contributors.kind.consultant': '{gender, select, female {مستشارة} other {مستشار}}',
  'contributors.kind.partner': '{gender, select, female {شريكة} other {شريك}}',
  'contributors.list.bsa': 'مستشارو مراكز دعم المنشآت',
  'contributors.list.advisors': 'المرشدون',
  'contributors.list.consultants': 'المستشارون',
  'contributors.list.partners': 'الشركاء',
  'contributors.results':
    '{count, plural, zero {لا توجد نتائج} one {نتيجة واحدة} two {نتيجتان} few {# نتائج} many {# نتيجة} other {# نتيجة}}',
  'contributors.viewProfile': 'عرض الملف',
  'contributors.filters.title': 'تصفية النتائج',
  'contributors.filters.field': 'المجال',
  'contributors.filters.subject': 'الموضوع',
  'contributors.filters.dates': 'التواريخ',
  'contributors.filters.sessionType': 'نوع الجلسة',
  'contributors.filters.center': 'المركز',
  'contributors.filters.availability': 'التوفر',
  'contributors.filters.sortNewest': 'الأحدث',
  'contributors.filters.apply': 'تطبيق',
  'contributors.filters.clear': 'مسح عوامل التصفية',

  // Contributor profile
  'profile.addSlots': 'إضافة مواعيد',
  'profile.deleteSlot': 'حذف الموعد',
  'profile.currentSessions': 'الجلسات الحالية',
  'profile.mentorVideo': 'شاهد الفيديو التعريفي',

  // Subject types (1, 2, 4)
  'subjects.consulting': 'الاستشارات',
  'subjects.guidance': 'الإرشاد',
  'subjects.partnerships': 'الشراكات',

  // Communication ways (0, 1)
  'communication.online': 'عن بُعد',
  'communication.office': 'حضوري',

  // Dates and times
  'time.riyadhTime': 'بتوقيت السعودية',
  'time.hijri': 'هجري',
  'time.gregorian': 'ميلادي',
  'time.dateWithHijri': '{gregorian} الموافق {hijri}',
  'time.dateAndTime': '{date}، الساعة {time}',
  'time.dateAndTimeRange': '{date}، من {start} إلى {end}',
  'time.today': 'اليوم',
  'time.tomorrow': 'غدًا',
  'time.yesterday': 'أمس',
  'time.days':
    '{count, plural, zero {لا أيام} one {يوم واحد} two {يومان} few {# أيام} many {# يومًا} other {# يوم}}',

  // Dashboard
  'dashboard.title': 'لوحة المعلومات',
  'dashboard.sessionsStatistics': 'إحصائيات الجلسات',
  'dashboard.smeStatistics': 'إحصائيات أصحاب المنشآت',
  'dashboard.totalSessions': 'إجمالي الجلسات',
  'dashboard.completedSessions': 'الجلسات المكتملة',
  'dashboard.cancelledSessions': 'الجلسات الملغاة',
  'dashboard.absentSessions': 'جلسات لم يحضرها صاحب المنشأة',

  // Chat and notifications
  'chat.newMessageTitle': 'رسالة جديدة',
  'chat.newMessageBody': 'وصلتك رسالة جديدة من {name}',
  'chat.title': 'المحادثات',
  'chat.placeholder': 'اكتب رسالتك…',
  'chat.send': 'إرسال',
  'notifications.title': 'الإشعارات',
  'notifications.loadMore': 'عرض المزيد',

  // Public pages
  'about.title': 'من نحن',
  'faq.title': 'الأسئلة الشائعة',
  'contact.title': 'تواصل معنا',
  'contact.mobile': 'رقم الجوال',
  'contact.email': 'البريد الإلكتروني',
  'contact.whatsapp': 'واتساب',
  'auth.signingIn': 'جارٍ تسجيل الدخول…',

  // Sign-in in a popup for widgets on partner sites (/sign-in/popup)
  'signIn.popupTitle': 'تسجيل الدخول إلى مشورة',
  'signIn.signingIn': 'جارٍ تسجيل دخولك…',
  'signIn.done': 'تم تسجيل دخولك. يمكنك إغلاق هذه النافذة.',
  'signIn.doneReturn': 'تم تسجيل دخولك. عُد إلى الصفحة التي بدأت منها لتكمل؛ يمكنك إغلاق هذه النافذة.',
  'signIn.failed': 'تعذّر تسجيل الدخول',
  'signIn.cancelled': 'ألغيت تسجيل الدخول. أغلق هذه النافذة وحاول مرة أخرى متى شئت.',
  'signIn.noOpener': 'أُغلقت الصفحة التي طلبت تسجيل الدخول. أغلق هذه النافذة وابدأ من جديد.',
  'signIn.refused': 'لا يمكن تسجيل الدخول من هذا الموقع',
  'signIn.originNotAllowed': 'هذا الموقع غير مصرّح له بتسجيل الدخول عبر مشورة، أو أن مفتاحه غير معروف.',
  'signIn.incompleteLink': 'رابط تسجيل الدخول ناقص. أغلق هذه النافذة وابدأ من جديد.',

  // Terms popup
  'terms.title': 'الشروط والأحكام',
  'terms.intro': 'يرجى قراءة الشروط والأحكام والموافقة عليها للمتابعة.',
  'terms.agree': 'أوافق على الشروط والأحكام',

  // Not-found page
  'notFound.title': 'الصفحة غير موجودة',
  'notFound.body': 'عذرًا، لم نتمكن من العثور على الصفحة التي تبحث عنها.',
  'notFound.backHome': 'العودة إلى الرئيسية',

  // Empty states
  'empty.sessions': 'لا توجد جلسات حتى الآن',
  'empty.upcomingSessions': 'لا توجد جلسات قادمة',
  'empty.history': 'لا توجد جلسات سابقة',
  'empty.requests': 'لا توجد طلبات',
  'empty.notifications': 'لا توجد إشعارات',
  'empty.messages': 'لا توجد محادثات',
  'empty.searchResults': 'لا توجد نتائج مطابقة لبحثك',
  'empty.contributors': 'لا يوجد خبراء متاحون حاليًا',
  'empty.faq': 'لا توجد أسئلة شائعة حاليًا',
  'empty.recommendations': 'لا توجد توصيات لهذه الجلسة',

  // Common
  'common.loading': 'جارٍ التحميل…',
  'common.error': 'حدث خطأ ما، يرجى المحاولة مرة أخرى.',
  'common.retry': 'إعادة المحاولة',
  'common.close': 'إغلاق',
  'common.cancel': 'إلغاء',
  'common.confirm': 'تأكيد',
  'common.save': 'حفظ',
  'common.send': 'إرسال',
  'common.back': 'رجوع',
  'common.next': 'التالي',
  'common.previous': 'السابق',
  'common.yes': 'نعم',
  'common.no': 'لا',
  'common.showMore': 'عرض المزيد',
  'common.optional': 'اختياري',
  'common.required': 'مطلوب',
  'common.success': 'تمت العملية بنجاح',
  'common.pagination': 'الصفحة {page, number} من {total, number}',

  // Snackbar messages (spec section 8)
  'snackbar.browserUnsupported':
    'المتصفح الذي تستخدمه لا يدعم الإشعارات الفورية والمحادثة عن بُعد، يرجى استخدام متصفح Chrome أو Firefox.',
  'snackbar.offline': 'لا يوجد اتصال بالإنترنت',
  'snackbar.pushTokenUnavailable': 'رمز الإشعارات غير متوفر',
  'snackbar.allowNotifications': 'يرجى السماح باستقبال الإشعارات',
  'snackbar.notificationPermissionDenied':
    'لا توجد صلاحية لعرض الإشعارات، يرجى السماح بها من إعدادات المتصفح',
  'snackbar.pushListenFailed': 'حدث خطأ ما، لا توجد صلاحية لاستقبال الإشعارات',
  'snackbar.viewRequest': 'عرض الطلب',
  'snackbar.viewSession': 'عرض الجلسة',
  'snackbar.dismiss': 'إغلاق التنبيه',

  // Server errors (the reference API answers with these, in the request's language)
  'notify.booking.title': 'حجز جديد',
  'notify.booking.body': 'حجز {name} جلسة معك.',
  'notify.requestNew.title': 'طلب جلسة جديد',
  'notify.requestNew.body': 'يطلب {name} جلسة معك وينتظر ردّك.',
  'notify.requestAccepted.title': 'تم قبول طلبك',
  'notify.requestAccepted.body': 'قبِل {name} طلب الجلسة.',
  'notify.requestRejected.title': 'تم الاعتذار عن طلبك',
  'notify.requestRejected.body': 'اعتذر {name} عن طلب الجلسة.',
  'notify.sessionCancelled.title': 'أُلغيت جلستك',
  'notify.sessionCancelled.body': 'ألغى {name} الجلسة.',
  'notify.smeAbsent.title': 'سُجّل غيابك عن الجلسة',
  'notify.smeAbsent.body': 'سجّل {name} غيابك عن الجلسة.',
  'notify.sessionStarting.title': 'جلستك تبدأ خلال ١٥ دقيقة',
  'notify.sessionStarting.body': 'جلسة مع {name}',
  'notify.instant.title': 'جلسة فورية الآن',
  'notify.instant.body': 'جلسة فورية مع {name} بانتظارك الآن.',
  'errors.validationFailed': 'تعذّر قبول البيانات المدخلة، يرجى مراجعتها والمحاولة مرة أخرى.',
  'errors.fieldRequired': 'هذا الحقل مطلوب.',
  'errors.invalidValue': 'القيمة المدخلة غير صالحة.',
  'errors.unauthorized': 'انتهت صلاحية الدخول، يرجى تسجيل الدخول مرة أخرى.',
  'errors.forbidden': 'ليست لديك صلاحية للقيام بهذا الإجراء.',
  'errors.notFound': 'العنصر المطلوب غير موجود.',
  'errors.conflict': 'تعذّر تنفيذ الطلب لتعارضه مع بيانات حالية.',
  'errors.invalidStateTransition': 'لا يمكن تنفيذ هذا الإجراء في الحالة الحالية.',
  'errors.slotAlreadyBooked': 'هذا الموعد محجوز مسبقًا، يرجى اختيار موعد آخر.',
  'errors.slotInPast': 'لا يمكن اختيار موعد مضى وقته.',
  'errors.slotOverlap': 'يتداخل هذا الموعد مع موعد آخر لديك.',
  'errors.meetingUnavailable': 'تعذّر بدء الاجتماع، يرجى المحاولة مرة أخرى.',
  'errors.alreadyRated': 'سبق تقييم هذه الجلسة.',
  'errors.ratingLinkExpired': 'انتهت صلاحية رابط التقييم.',
  'errors.ratingLinkInvalid': 'رابط التقييم غير صالح.',
  'errors.loginFailed': 'تعذّر تسجيل الدخول، يرجى المحاولة مرة أخرى.',
  'errors.signInStateMismatch': 'انتهت صلاحية محاولة تسجيل الدخول، يرجى البدء من جديد.',
  'errors.rateLimited':
    'لقد تجاوزت الحد المسموح به من المحاولات. {seconds, plural, zero {يمكنك المحاولة مرة أخرى الآن.} one {حاول مرة أخرى بعد ثانية واحدة.} two {حاول مرة أخرى بعد ثانيتين.} few {حاول مرة أخرى بعد # ثوانٍ.} many {حاول مرة أخرى بعد # ثانية.} other {حاول مرة أخرى بعد # ثانية.}}',
  'errors.payloadTooLarge': 'حجم البيانات المرسلة أكبر من الحد المسموح به.',
  'errors.unsupportedMediaType': 'نوع الملف غير مدعوم.',
  'errors.invalidApiKey': 'مفتاح الواجهة البرمجية غير صالح.',
  'errors.originNotAllowed': 'هذا الموقع غير مصرّح له باستخدام الخدمة.',
  'errors.network': 'تعذّر الاتصال بالخادم، يرجى التحقق من اتصالك بالإنترنت.',
  'errors.internal': 'حدث خطأ غير متوقع، يرجى المحاولة لاحقًا.',
} satisfies Record<string, string>

/** A key of the message catalogs, taken from the Arabic source of truth. */
export type MessageKey = keyof typeof ar
