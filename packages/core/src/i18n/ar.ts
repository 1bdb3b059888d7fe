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
  // Navigation bar and side menu
  'nav.home': 'الرئيسية',
  'nav.sessions': 'الجلسات',
  'nav.myWeek': 'جدولي الأسبوعي',
  'nav.messages': 'الرسائل',
  'nav.notifications': 'الإشعارات',
  'nav.dashboard': 'لوحة المعلومات',
  'nav.myRequests': 'طلباتي',
  'nav.faq': 'الأسئلة الشائعة',
  'nav.searchPlaceholder': 'ابحث عن مستشار أو مرشد أو مجال اهتمام',
  'nav.searchSubmit': 'بحث',
  'nav.signIn': 'تسجيل الدخول',
  'nav.profile': 'الملف الشخصي',

  // Account deletion dialog
  'accountDeletion.sent': 'تم إرسال طلبك بنجاح',
  'accountDeletion.reasonRequired': 'يرجى كتابة سبب طلب الحذف',
  'accountDeletion.reasonTooLong':
    'يجب ألا يزيد السبب على {max, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}',

  // Sessions
  'sessions.details': 'تفاصيل الجلسة',
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
  'sessions.recommendations': 'توصيات الجلسة',
  'sessions.status.booked': 'محجوزة',
  'sessions.status.ongoing': 'لديك جلسة الآن',
  'sessions.status.ended': 'منتهية',
  'sessions.status.cancelled': 'ملغاة',
  'sessions.status.smeAbsent': 'لم يحضر صاحب المنشأة',

  // Requests
  'requests.details': 'تفاصيل الطلب',
  'requests.status.waiting': 'بانتظار الرد',
  'requests.status.accepted': 'مقبول',
  'requests.status.rejected': 'مرفوض',
  'requests.status.expired': 'منتهي الصلاحية',
  'requests.status.withdrawn': 'مسحوب',

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
  'rating.doneLink': 'العودة إلى الصفحة الرئيسية',

  // Recommendations form
  'recommendations.title': 'التوصيات',
  'recommendations.challenges': 'التحديات',
  'recommendations.recommendations': 'التوصيات',
  'recommendations.recordVoiceNote': 'تسجيل ملاحظة صوتية',
  'recommendations.stopRecording': 'إيقاف التسجيل',
  'recommendations.deleteVoiceNote': 'حذف الملاحظة الصوتية',
  'recommendations.saved': 'تم حفظ التوصيات بنجاح',

  // A woman's kind in the feminine: `gender` is the contributor's (`female`, or `male`/null for the masculine).
  'contributors.kind.bsa':
    '{gender, select, female {مستشارة مراكز دعم المنشآت} other {مستشار مراكز دعم المنشآت}}',
  'contributors.kind.advisor': '{gender, select, female {مرشدة} other {مرشد}}',
  'contributors.kind.consultant': '{gender, select, female {مستشارة} other {مستشار}}',
  'contributors.kind.partner': '{gender, select, female {شريكة} other {شريك}}',
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

  // Chat and notifications
  'chat.newMessageTitle': 'رسالة جديدة',
  'chat.newMessageBody': 'وصلتك رسالة جديدة من {name}',
  'notifications.title': 'الإشعارات',

  // Public pages
  'auth.signingIn': 'جارٍ تسجيل الدخول…',

  // Sign-in that failed (the site's return page; the popup's other words are the server's, i18n/server.ts)
  'signIn.failed': 'تعذّر تسجيل الدخول',

  // Empty states
  'empty.sessions': 'لا توجد جلسات حتى الآن',
  'empty.messages': 'لا توجد محادثات',
  'empty.searchResults': 'لا توجد نتائج مطابقة لبحثك',
  'empty.contributors': 'لا يوجد خبراء متاحون حاليًا',

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
  'common.required': 'مطلوب',
  'common.optional': 'اختياري',
  'common.success': 'تمت العملية بنجاح',
  'common.pagination': 'الصفحة {page, number} من {total, number}',

  // Server errors (the reference API answers with these, in the request's language)
  'notify.dataExportReady.title': 'نسخة بياناتك جاهزة',
  'notify.dataExportReady.body': 'يمكنك تنزيل نسخة بياناتك من صفحة «بياناتي» حتى {until}.',
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
  'notify.ownerCancelled.title': 'أُلغيت جلسة',
  'notify.ownerCancelled.body': 'ألغى {name} جلسته معك، وأصبح موعدها متاحًا.',
  'notify.youCancelled.title': 'ألغيت جلستك',
  'notify.youCancelled.body': 'تم إلغاء جلستك مع {name} كما طلبت.',
  'notify.sessionMoved.title': 'تغيّر موعد جلسة',
  'notify.sessionMoved.body': 'غيّر {name} موعد جلسته معك.',
  'notify.youMoved.title': 'تغيّر موعد جلستك',
  'notify.youMoved.body': 'تم تغيير موعد جلستك مع {name} كما طلبت.',
  'notify.requestWithdrawn.title': 'سُحب طلب جلسة',
  'notify.requestWithdrawn.body': 'سحب {name} طلب الجلسة، وأصبح موعده متاحًا.',
  'notify.youWithdrew.title': 'سحبت طلبك',
  'notify.youWithdrew.body': 'تم سحب طلب جلستك مع {name} كما طلبت.',
  'notify.requestMoved.title': 'تغيّر موعد طلب',
  'notify.requestMoved.body': 'غيّر {name} موعد طلب الجلسة، وما زال ينتظر ردّك.',
  'notify.youMovedRequest.title': 'تغيّر موعد طلبك',
  'notify.youMovedRequest.body': 'تم تغيير موعد طلب جلستك مع {name}، وما زال ينتظر الرد.',
  'notify.smeAbsent.title': 'سُجّل غيابك عن الجلسة',
  'notify.smeAbsent.body': 'سجّل {name} غيابك عن الجلسة.',
  'notify.sessionStarting.title': 'جلستك تبدأ خلال ١٥ دقيقة',
  'notify.sessionStarting.body': 'جلسة مع {name}',
  'notify.instant.title': 'جلسة فورية الآن',
  'notify.instant.body': 'جلسة فورية مع {name} بانتظارك الآن.',
  'notify.recommendationsReminder.title': 'توصيات جلسة لم تُكتب بعد',
  'notify.recommendationsReminder.body': 'انتهت جلستك مع {name} ولم تكتب توصياتها بعد.',
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
