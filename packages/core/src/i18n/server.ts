import { ar as sharedAr } from './ar.ts'
import { en as sharedEn } from './en.ts'
import type { CatalogExtension, MessageKey } from './index.ts'
import { createTranslator, type Translator } from './index.ts'

/**
 * The messages only the server says: its refusals that no page or widget shows from its own catalog (a
 * client shows the message the server sent). Kept out of the shared catalogs so that no browser bundle
 * carries them; the server reaches them through {@link serverTranslator}. In ICU MessageFormat, Arabic first.
 */
const serverAr = {
  // The sign-in popup for widgets on partner sites (/sign-in/popup): drawn by the server, read by its script.
  'signIn.popupTitle': 'تسجيل الدخول إلى مشورة',
  'signIn.signingIn': 'جارٍ تسجيل دخولك…',
  'signIn.done': 'تم تسجيل دخولك. يمكنك إغلاق هذه النافذة.',
  'signIn.cancelled': 'ألغيت تسجيل الدخول. أغلق هذه النافذة وحاول مرة أخرى متى شئت.',
  'signIn.noOpener':
    'لم تعد هذه النافذة متصلة بالصفحة التي طلبت تسجيل الدخول، فلا يمكنها تسجيل دخولك هناك. أغلقها وابدأ من جديد من تلك الصفحة.',
  'signIn.refused': 'لا يمكن تسجيل الدخول من هذا الموقع',
  'signIn.originNotAllowed': 'هذا الموقع غير مصرّح له بتسجيل الدخول عبر مشورة، أو أن مفتاحه غير معروف.',
  'signIn.incompleteLink': 'رابط تسجيل الدخول ناقص. أغلق هذه النافذة وابدأ من جديد.',
  'signIn.forSite': 'تسجيل الدخول لموقع {site}',
  'signIn.confirmSite':
    'يطلب منك موقع {site} تسجيل الدخول بحسابك في مشورة. بعد تسجيل الدخول ستعود إلى {site}. تابع فقط إن كنت أنت من بدأ تسجيل الدخول في {site}.',
  'signIn.continue': 'متابعة',
  'signIn.cancel': 'إلغاء',
  'signIn.returning': 'جارٍ إعادتك إلى {site}…',
  'errors.maxLength':
    'يجب ألا يزيد النص على {max, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}.',
  'errors.minLength':
    'يجب ألا يقل النص عن {min, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}.',
  'errors.invalidEmail': 'البريد الإلكتروني غير صالح.',
  'errors.invalidPhone': 'رقم الجوال غير صالح.',
  'errors.invalidDate': 'التاريخ غير صالح.',
  'errors.unknownField': 'هذا الحقل غير معروف.',
  'errors.invalidJson': 'تعذّرت قراءة البيانات المرسلة؛ يجب أن تكون بصيغة JSON صحيحة.',
  'errors.routeNotFound': 'هذا العنوان غير موجود في الخدمة.',
  'errors.pageOutOfRange': 'رقم الصفحة خارج النطاق.',
  'errors.chatNoSharedSession': 'تتاح المحادثة بعد جلسة مشتركة فقط.',
  'errors.sessionNotFound': 'الجلسة غير موجودة.',
  'errors.requestNotFound': 'الطلب غير موجود.',
  'errors.slotNotFound': 'الموعد غير موجود.',
  'errors.slotUnavailable': 'هذا الموعد لم يعد متاحًا.',
  'errors.slotHasBookings': 'لا يمكن حذف موعد محجوز.',
  'errors.cannotCreateSlots': 'ليست لديك صلاحية لإضافة مواعيد.',
  'errors.cannotDeleteSlots': 'ليست لديك صلاحية لحذف المواعيد.',
  'errors.bookingOwnSlot': 'لا يمكنك حجز موعد لدى نفسك.',
  'errors.bookingOverlaps': 'لديك جلسة أو طلب آخر في هذا الوقت، ولا يمكن أن تتداخل مواعيد جلساتك.',
  'errors.requestOverlaps': 'لدى صاحب المنشأة جلسة أخرى في هذا الوقت، فلا يمكن قبول الطلب.',
  'errors.bookingLimitPerExpert':
    'بلغت الحد الأقصى للجلسات القادمة مع هذا الخبير، وهو {max, plural, zero {# جلسة} one {جلسة واحدة} two {جلستان} few {# جلسات} many {# جلسةً} other {# جلسة}}، بما فيها الطلبات التي تنتظر الرد. يمكنك الحجز مجددًا بعد انتهاء إحداها أو إلغائها.',
  'errors.bookingLimitTotal':
    'بلغت الحد الأقصى لجلساتك القادمة، وهو {max, plural, zero {# جلسة} one {جلسة واحدة} two {جلستان} few {# جلسات} many {# جلسةً} other {# جلسة}} مع جميع الخبراء، بما فيها الطلبات التي تنتظر الرد. يمكنك الحجز مجددًا بعد انتهاء إحداها أو إلغائها.',
  'errors.requestAlreadyAnswered': 'تم الرد على هذا الطلب مسبقًا.',
  'errors.requestExpired': 'انتهت صلاحية هذا الطلب.',
  'errors.sessionNotStarted': 'لم يحن موعد الجلسة بعد.',
  'errors.sessionAlreadyEnded': 'انتهت هذه الجلسة.',
  'errors.sessionCancelled': 'هذه الجلسة ملغاة.',
  'errors.cancelNotAllowed': 'لا يمكن إلغاء هذه الجلسة.',
  // A business owner's own changes to her bookings (issue 34).
  'errors.sessionNotUpcoming': 'هذه الجلسة ليست من جلساتك القادمة، فلا يمكن إلغاؤها أو تغيير موعدها.',
  'errors.sessionAlreadyStarted': 'بدأت هذه الجلسة، فلا يمكن إلغاؤها أو تغيير موعدها.',
  'errors.requestNotWaiting': 'لم يعد هذا الطلب ينتظر الرد، فلا يمكن سحبه أو تغيير موعده.',
  'errors.changeClosed':
    'انتهت مهلة إلغاء هذا الحجز أو تغيير موعده في {closedAt, date, long} الساعة {closedAt, time, short} بتوقيت الرياض ({hours, plural, zero {عند بدايته} one {قبل بدايته بساعة} two {قبل بدايته بساعتين} few {قبل بدايته بـ# ساعات} many {قبل بدايته بـ# ساعة} other {قبل بدايته بـ# ساعة}}).',
  'errors.slotTooSoon':
    'هذا الموعد قريب جدًا: يمكن النقل إلى موعد يبدأ بعد {hours, plural, zero {الآن} one {ساعة} two {ساعتين} few {# ساعات} many {# ساعة} other {# ساعة}} على الأقل.',
  'errors.slotOtherExpert': 'يمكن نقل الحجز إلى موعد لدى الخبير نفسه فقط.',
  'errors.sameSlot': 'هذا هو موعد الحجز الحالي؛ اختر موعدًا آخر.',
  'errors.bookingChanged': 'تغيّر هذا الحجز للتو. حدّث الصفحة ثم حاول مرة أخرى.',
  'errors.chatDisabled': 'المحادثة غير متاحة لهذا الخبير.',
  'errors.instantNotEnabled': 'الجلسات الفورية غير مفعّلة لحسابك.',
  'errors.instantUnavailable': 'هذا الخبير غير متاح للجلسات الفورية الآن.',
  'errors.instantBusy': 'هذا الخبير في جلسة أخرى الآن، يرجى المحاولة بعد قليل.',
  'errors.instantOwn': 'لا يمكنك بدء جلسة فورية مع نفسك.',
  'errors.contributorNotFound': 'الخبير غير موجود.',
  // The back office's experts (issue 33).
  'errors.alreadyExpert': 'هذا الشخص خبير على مشورة بالفعل.',
  'errors.personNotFound':
    'لا يوجد شخص بهذا البريد الإلكتروني سجّل الدخول إلى مشورة من قبل. أرسل إليه دعوة بدلًا من ذلك.',
  'errors.personAmbiguous': 'أكثر من شخص يحمل هذا البريد الإلكتروني. اختر الشخص برقمه.',
  'errors.expertAlreadyInactive': 'هذا الخبير معطّل بالفعل.',
  'errors.expertAlreadyActive': 'هذا الخبير مفعّل بالفعل.',
  'errors.invitationNotFound': 'الدعوة غير موجودة.',
  'errors.invitationClosed': 'قُبلت هذه الدعوة أو أُلغيت من قبل.',
  'errors.chatFileInvalid': 'يجب أن يكون الملف المرسل من الملفات التي رفعتها عبر خدمة الرفع.',
  'errors.contributorOnly': 'هذا الإجراء متاح للخبراء فقط.',
  'errors.backOfficeOnly': 'هذا الإجراء متاح لمشرفي الجهة فقط.',
  'errors.deletionAlreadyRequested': 'سبق أن أرسلت طلب حذف الحساب، وهو قيد المراجعة.',
  'errors.deletionAlreadyDecided': 'سبق البتّ في طلب الحذف هذا.',
  'errors.reportRangeInvalid': 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.',
  'errors.reportRangeTooLong': 'لا يتجاوز نطاق التقرير سنتين.',
  'errors.fileTooLarge': 'حجم الملف أكبر من الحد المسموح به ({maxMb, number} ميغابايت).',
  'errors.tooManyFiles':
    'يمكنك إرفاق {max, plural, zero {# ملف} one {ملف واحد} two {ملفين} few {# ملفات} many {# ملفًا} other {# ملف}} على الأكثر.',
  'errors.fileDamaged': 'الملف تالف أو ناقص، أو لا يطابق محتواه نوعه.',
  'errors.fileMixed': 'يحمل الملف محتوى من نوع آخر، فلا يمكن قبوله.',
  'errors.recordingEmpty': 'التسجيل فارغ لا صوت فيه.',
  'errors.fileTooComplex':
    'الملف أعقد من أن يُفحص: ما تنفك إليه محتوياته المضغوطة أو عدد عناصره يتجاوز الحد المسموح به. احفظه بصيغة أبسط أو قسّمه إلى ملفات أصغر، ثم أعد رفعه.',
  'errors.fileCheckTimeout':
    'استغرق فحص الملف وقتًا أطول من المسموح به، فلم يُقبل. احفظه بصيغة أبسط أو قسّمه إلى ملفات أصغر، ثم أعد رفعه.',
  'errors.uploadQuotaExceeded':
    'بلغت ملفاتك الحد الأقصى للمساحة ({quotaMb, number} ميغابايت). تُحذف الملفات التي لم تُرفق بشيء بعد مدة، ويمكنك الرفع مجددًا حينها.',
  'errors.appLinkUnknown': 'انتهت صلاحية رابط الدخول من التطبيق أو سبق استخدامه. افتحه من التطبيق مرة أخرى.',
  'errors.appLinkAppOnly':
    'روابط الدخول إلى الموقع يطلبها تطبيق الجوال وحده، بجلسة سجّل الدخول فيها عبر مفتاحه.',
  'errors.appLinkOtherPerson':
    'أنت مسجّل الدخول باسم {current}. هذا الرابط من التطبيق سيسجّل دخولك باسم {other}.',
  'errors.handoffUnknown':
    'انتهت صلاحية تسجيل الدخول هذا، أو سبق استخدامه، أو أنه لصفحة أخرى. سجّل الدخول مرة أخرى.',
  'errors.timeout': 'استغرق الطلب وقتًا أطول من المتوقع، يرجى المحاولة مرة أخرى.',
  'errors.serviceUnavailable': 'الخدمة غير متاحة حاليًا، يرجى المحاولة لاحقًا.',
  'errors.requestTimeout': 'لم تصل البيانات المرسلة كاملةً في الوقت المحدد، يرجى المحاولة مرة أخرى.',
  'errors.zoomHostsBusy':
    'كل حسابات Zoom المخصصة للجلسات مشغولة في هذا الوقت، فلم يُحجز شيء. اختر وقتًا آخر أو حاول لاحقًا.',
  'errors.contentInUse':
    'هذا العنصر مستخدم في سجلات أخرى فلا يمكن حذفه؛ أوقفه بدلًا من ذلك أو أزل استخداماته أولًا.',
  'errors.faqOrderMismatch': 'يجب أن يذكر الترتيب الجديد كل سؤال مرة واحدة بالضبط.',
  'errors.myDataExportTooSoon':
    'طلبت نسخة من بياناتك قبل قليل. يمكنك طلب نسخة جديدة بعد {when} (بتوقيت الرياض).',
  'errors.termsOutdated':
    'نُشرت نسخة أحدث من الشروط والأحكام منذ أن عُرضت عليك. اقرأ النسخة المنشورة (رقم {version}) ثم وافق عليها.',
  'errors.tooDeep':
    'البيانات المرسلة متداخلة أكثر من المسموح به: {max, plural, zero {# مستوى} one {مستوى واحد} two {مستويان} few {# مستويات} many {# مستوًى} other {# مستوى}} على الأكثر.',
  // Partner webhooks in the back office (issue 36).
  'errors.webhookNotFound': 'عنوان الإشعارات هذا غير موجود.',
  'errors.webhookUrl':
    'لا يمكن إرسال الإشعارات إلى هذا العنوان: يجب أن يبدأ بـ https، وألا يكون عنوانًا داخليًا أو خاصًا (إلا إن سمح به WEBHOOK_ALLOWED_HOSTS).',
  'errors.webhookApiKey': 'هذا المفتاح ليس من مفاتيح API المعرّفة في المنصة.',
  'errors.webhookFromConfiguration':
    'هذا العنوان معرّف في إعداد WEBHOOKS: يُغيَّر عنوانه وأحداثه وسرّه هناك، ويمكن إيقافه واستئنافه من هنا.',
  'errors.chatRateLimited':
    'أرسلت رسائل كثيرة في وقت قصير. {seconds, plural, zero {يمكنك الإرسال مرة أخرى الآن.} one {يمكنك الإرسال مرة أخرى بعد ثانية واحدة.} two {يمكنك الإرسال مرة أخرى بعد ثانيتين.} few {يمكنك الإرسال مرة أخرى بعد # ثوانٍ.} many {يمكنك الإرسال مرة أخرى بعد # ثانية.} other {يمكنك الإرسال مرة أخرى بعد # ثانية.}}',
}

const serverEn: Record<keyof typeof serverAr, string> = {
  // The sign-in popup for widgets on partner sites (/sign-in/popup): drawn by the server, read by its script.
  'signIn.popupTitle': 'Sign in to Mashura',
  'signIn.signingIn': 'Signing you in…',
  'signIn.done': 'You are signed in. You can close this window.',
  'signIn.cancelled': 'You cancelled signing in. Close this window and try again whenever you like.',
  'signIn.noOpener':
    'This window is no longer connected to the page that asked you to sign in, so it cannot sign you in there. Close it and start again from that page.',
  'signIn.refused': 'Signing in from this site is not possible',
  'signIn.originNotAllowed': 'This site is not allowed to sign in through Mashura, or its key is unknown.',
  'signIn.incompleteLink': 'The sign-in link is incomplete. Close this window and start again.',
  'signIn.forSite': 'Signing in for {site}',
  'signIn.confirmSite':
    '{site} asks you to sign in with your Mashura account. Once you have signed in, you will go back to {site}. Continue only if you started signing in on {site} yourself.',
  'signIn.continue': 'Continue',
  'signIn.cancel': 'Cancel',
  'signIn.returning': 'Taking you back to {site}…',
  'errors.maxLength': 'Must be at most {max, plural, one {# character} other {# characters}}.',
  'errors.minLength': 'Must be at least {min, plural, one {# character} other {# characters}}.',
  'errors.invalidEmail': 'The email address is not valid.',
  'errors.invalidPhone': 'The mobile number is not valid.',
  'errors.invalidDate': 'The date is not valid.',
  'errors.unknownField': 'This field is not recognised.',
  'errors.invalidJson': 'The data sent could not be read; it must be valid JSON.',
  'errors.routeNotFound': 'This address does not exist in the service.',
  'errors.pageOutOfRange': 'The page number is out of range.',
  'errors.chatNoSharedSession': 'Chat opens once you have had a session together.',
  'errors.sessionNotFound': 'The session was not found.',
  'errors.requestNotFound': 'The request was not found.',
  'errors.slotNotFound': 'The slot was not found.',
  'errors.slotUnavailable': 'This slot is no longer available.',
  'errors.slotHasBookings': 'A booked slot cannot be deleted.',
  'errors.cannotCreateSlots': 'You do not have permission to add slots.',
  'errors.cannotDeleteSlots': 'You do not have permission to delete slots.',
  'errors.bookingOwnSlot': 'You cannot book a session with yourself.',
  'errors.bookingOverlaps':
    'You already have a session or a request at this time, and your sessions cannot overlap.',
  'errors.requestOverlaps':
    'The business owner already has a session at this time, so the request cannot be accepted.',
  'errors.bookingLimitPerExpert':
    'You have reached the limit of {max, plural, one {# upcoming session} other {# upcoming sessions}} with this expert, counting requests awaiting an answer. You can book again once one has ended or been cancelled.',
  'errors.bookingLimitTotal':
    'You have reached the limit of {max, plural, one {# upcoming session} other {# upcoming sessions}} with all experts, counting requests awaiting an answer. You can book again once one has ended or been cancelled.',
  'errors.requestAlreadyAnswered': 'This request has already been answered.',
  'errors.requestExpired': 'This request has expired.',
  'errors.sessionNotStarted': 'The session has not started yet.',
  'errors.sessionAlreadyEnded': 'This session has ended.',
  'errors.sessionCancelled': 'This session has been cancelled.',
  'errors.cancelNotAllowed': 'This session cannot be cancelled.',
  // A business owner's own changes to her bookings (issue 34).
  'errors.sessionNotUpcoming':
    'This session is not one of your upcoming sessions: it cannot be cancelled or moved.',
  'errors.sessionAlreadyStarted': 'This session has started: it can no longer be cancelled or moved.',
  'errors.requestNotWaiting':
    'This request is no longer waiting for an answer: it cannot be withdrawn or moved.',
  'errors.changeClosed':
    'Changes to this booking closed on {closedAt, date, long} at {closedAt, time, short} Riyadh time ({hours, plural, =0 {at its start} one {# hour before it starts} other {# hours before it starts}}).',
  'errors.slotTooSoon':
    'This slot is too soon: you can move only to a slot starting at least {hours, plural, one {# hour} other {# hours}} from now.',
  'errors.slotOtherExpert': 'You can move a booking only to a slot of the same expert.',
  'errors.sameSlot': 'This is the booking’s current slot; choose another.',
  'errors.bookingChanged': 'This booking has just changed. Refresh the page and try again.',
  'errors.chatDisabled': 'Chat is not available for this expert.',
  'errors.instantNotEnabled': 'Instant sessions are not enabled for your account.',
  'errors.instantUnavailable': 'This expert is not available for instant sessions right now.',
  'errors.instantBusy': 'This expert is in another session right now. Please try again shortly.',
  'errors.instantOwn': 'You cannot start an instant session with yourself.',
  'errors.contributorNotFound': 'The expert was not found.',
  // The back office's experts (issue 33).
  'errors.alreadyExpert': 'This person is already an expert on Mashura.',
  'errors.personNotFound':
    'No one with this e-mail address has signed in to Mashura before. Send them an invitation instead.',
  'errors.personAmbiguous': 'More than one person has this e-mail address. Choose the person by their id.',
  'errors.expertAlreadyInactive': 'This expert is already deactivated.',
  'errors.expertAlreadyActive': 'This expert is already active.',
  'errors.invitationNotFound': 'The invitation was not found.',
  'errors.invitationClosed': 'This invitation was already accepted or revoked.',
  'errors.chatFileInvalid': 'The file must be one you uploaded through the upload service.',
  'errors.contributorOnly': 'This action is available to experts only.',
  'errors.backOfficeOnly': "This action is available to the agency's back-office staff only.",
  'errors.deletionAlreadyRequested': 'You have already requested account deletion; it is under review.',
  'errors.deletionAlreadyDecided': 'This deletion request has already been decided.',
  'errors.reportRangeInvalid': 'The start date must not be after the end date.',
  'errors.reportRangeTooLong': 'A report covers two years at most.',
  'errors.fileTooLarge': 'The file is larger than allowed ({maxMb, number} MB).',
  'errors.tooManyFiles': 'You can attach at most {max, plural, one {# file} other {# files}}.',
  'errors.fileDamaged': 'The file is damaged or incomplete, or its contents do not match its type.',
  'errors.fileMixed': 'The file carries content of another type, so it cannot be accepted.',
  'errors.recordingEmpty': 'The recording is empty: it holds no sound.',
  'errors.fileTooComplex':
    'The file is too complex to check: its compressed contents unpack to more, or it holds more objects, than allowed. Save it in a simpler form or split it into smaller files, then upload it again.',
  'errors.fileCheckTimeout':
    'Checking the file took longer than allowed, so it was not accepted. Save it in a simpler form or split it into smaller files, then upload it again.',
  'errors.uploadQuotaExceeded':
    'Your files have reached their storage limit ({quotaMb, number} MB). Files you upload and never attach are deleted after a while; you can upload again then.',
  'errors.appLinkUnknown':
    'This sign-in link from the app has expired or was already used. Open it from the app again.',
  'errors.appLinkAppOnly':
    'Only the mobile app makes sign-in links for the site, with a session it signed in through its own key.',
  'errors.appLinkOtherPerson':
    'You are signed in as {current}. This link from the app would sign you in as {other}.',
  'errors.handoffUnknown':
    'This sign-in has expired, was already used, or belongs to another page. Please sign in again.',
  'errors.timeout': 'The request took too long. Please try again.',
  'errors.serviceUnavailable': 'The service is unavailable right now. Please try again later.',
  'errors.requestTimeout': 'The data sent did not arrive in time. Please try again.',
  'errors.zoomHostsBusy':
    'Every Zoom account for sessions is busy at that time, so nothing was booked. Choose another time or try again later.',
  'errors.contentInUse':
    'This item is used by other records, so it cannot be deleted; retire it instead, or remove its uses first.',
  'errors.faqOrderMismatch': 'The new order must list every question exactly once.',
  'errors.myDataExportTooSoon':
    'You asked for a copy of your data recently. You can ask for a new one after {when} (Riyadh time).',
  'errors.termsOutdated':
    'A newer version of the terms and conditions was published since they were shown to you. Read the published version ({version}) and accept it.',
  'errors.tooDeep':
    'The data sent is nested too deeply: at most {max, plural, one {# level} other {# levels}}.',
  'errors.webhookNotFound': 'This webhook endpoint does not exist.',
  'errors.webhookUrl':
    'Webhooks cannot be sent to this address: it must be https and not an internal or private address (unless WEBHOOK_ALLOWED_HOSTS allows it).',
  'errors.webhookApiKey': 'This is not one of the platform’s API keys.',
  'errors.webhookFromConfiguration':
    'This endpoint comes from the WEBHOOKS setting: its address, events and secret change there; it can be paused and resumed here.',
  'errors.chatRateLimited':
    'You are sending messages too quickly. {seconds, plural, =0 {You can send again now.} one {You can send again in # second.} other {You can send again in # seconds.}}',
}

/** A key of a message only the server says. */
export type ServerMessageKey = keyof typeof serverAr

/** A key the server may answer with: a shared message or one of its own. */
export type ApiMessageKey = MessageKey | ServerMessageKey

/** The server's own messages, in Arabic and English. */
export const serverMessages: CatalogExtension<ServerMessageKey> = { ar: serverAr, en: serverEn }

/** Every message the server may say in Arabic: the shared catalog and its own (for its tests and tools). */
export const ar: Readonly<Record<ApiMessageKey, string>> = { ...sharedAr, ...serverAr }

/** Every message the server may say in English. */
export const en: Readonly<Record<ApiMessageKey, string>> = { ...sharedEn, ...serverEn }

/** The server's translator for a language hint: the shared messages and its own. */
export function serverTranslator(lang?: string): Translator<ServerMessageKey> {
  return createTranslator(lang, serverMessages)
}
