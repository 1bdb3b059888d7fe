/**
 * Host app messages: mail-preferences (issue 34). Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`).
 */
export const ar = {
  'mailPreferences.title': 'إعدادات البريد',
  'mailPreferences.menu': 'إعدادات البريد',
  'mailPreferences.intro':
    'اختر الرسائل التي تصلك على بريدك الإلكتروني. يُحفظ كل تغيير فور إجرائه. تصلك رسالة تأكيد الحجز ورسائل حذف الحساب دائمًا.',
  'mailPreferences.kind.sessionReminders': 'تذكير قبل الجلسة',
  'mailPreferences.hint.sessionReminders': 'رسالة قبل موعد جلستك بيوم (أو بساعة لجلسة حُجزت متأخرة).',
  'mailPreferences.kind.ratingRequests': 'طلب تقييم الجلسة',
  'mailPreferences.hint.ratingRequests': 'رابط لتقييم جلستك بعد انتهائها.',
  'mailPreferences.kind.expertNews': 'الحجوزات والطلبات الجديدة',
  'mailPreferences.hint.expertNews': 'رسالة عند حجز جلسة معك أو وصول طلب جلسة ينتظر ردّك.',
  'mailPreferences.kind.recommendationsReminders': 'تذكير بكتابة التوصيات',
  'mailPreferences.hint.recommendationsReminders':
    'رسالة بعد انتهاء جلسة لم تكتب توصياتها بعد، بعد ساعتين ثم بعد يوم.',
  'mailPreferences.kind.sessionChanges': 'إلغاء الجلسات وتغيير مواعيدها',
  'mailPreferences.hint.sessionChanges': 'رسالة مع ملف تقويم عند إلغاء جلسة أو نقلها إلى موعد آخر.',
  'mailPreferences.savedOn': 'ستصلك رسائل «{kind}».',
  'mailPreferences.savedOff': 'لن تصلك رسائل «{kind}» بعد الآن.',
} as const satisfies Record<`mailPreferences.${string}`, string>

export const en = {
  'mailPreferences.title': 'Mail settings',
  'mailPreferences.menu': 'Mail settings',
  'mailPreferences.intro':
    'Choose which mails reach your inbox. Each change is saved at once. Booking confirmations and account-deletion mails are always sent.',
  'mailPreferences.kind.sessionReminders': 'Reminder before a session',
  'mailPreferences.hint.sessionReminders':
    'A mail a day before your session (or an hour before, for a late booking).',
  'mailPreferences.kind.ratingRequests': 'Rating request',
  'mailPreferences.hint.ratingRequests': 'A link to rate your session once it has ended.',
  'mailPreferences.kind.expertNews': 'New bookings and requests',
  'mailPreferences.hint.expertNews':
    'A mail when a session is booked with you or a request awaits your answer.',
  'mailPreferences.kind.recommendationsReminders': 'Recommendations reminder',
  'mailPreferences.hint.recommendationsReminders':
    'A mail after a session whose recommendations you have not written, two hours and then a day after it.',
  'mailPreferences.kind.sessionChanges': 'Cancelled and moved sessions',
  'mailPreferences.hint.sessionChanges':
    'A mail with a calendar file when a session is cancelled or moved to another time.',
  'mailPreferences.savedOn': 'You will get “{kind}” mails.',
  'mailPreferences.savedOff': 'You will no longer get “{kind}” mails.',
} as const satisfies Record<keyof typeof ar, string>
