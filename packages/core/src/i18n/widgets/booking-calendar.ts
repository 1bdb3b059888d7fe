import type { CatalogExtension } from '../index.ts'

/**
 * The messages only <booking-calendar> shows, in ICU MessageFormat, Arabic first. Keys are namespaced like the
 * shared catalogs'; shared words (`common.*`, `errors.*`, `booking.*`, …) stay in the shared catalogs.
 */
const ar = {
  'bookingCalendar.title': 'المواعيد المتاحة',
  'bookingCalendar.weekNavigation': 'التنقل بين الأسابيع',
  'bookingCalendar.previousWeek': 'الأسبوع السابق',
  'bookingCalendar.nextWeek': 'الأسبوع التالي',
  'bookingCalendar.weekRange': 'أسبوع {range}',
  'bookingCalendar.hijriRange': 'الموافق {range}',
  'bookingCalendar.timesIn': 'جميع الأوقات بتوقيت السعودية',
  'bookingCalendar.slotsFound':
    '{count, plural, zero {لا توجد مواعيد متاحة في هذا الأسبوع} one {يوجد موعد واحد متاح في هذا الأسبوع} two {يوجد موعدان متاحان في هذا الأسبوع} few {توجد # مواعيد متاحة في هذا الأسبوع} many {يوجد # موعدًا متاحًا في هذا الأسبوع} other {يوجد # موعد متاح في هذا الأسبوع}}',
  'bookingCalendar.emptyWeek': 'لا توجد مواعيد متاحة في هذا الأسبوع.',
  'bookingCalendar.showNextWeek': 'عرض الأسبوع التالي',
  'bookingCalendar.dayEmpty': 'لا مواعيد',
  'bookingCalendar.slotWays': 'طرق التواصل: {ways}',
  'bookingCalendar.wayOnlineShort': 'عن بُعد',
  'bookingCalendar.wayOfficeShort': 'حضوري',
  'bookingCalendar.chooseSlotFirst': 'اختر موعدًا أولًا.',
  'bookingCalendar.chosenSlot': 'الموعد المختار: {date}، {time}',
  'bookingCalendar.chosenClashes':
    'يتعارض الموعد الذي اخترته مع موعد لك: {date}، {time}. يرجى اختيار موعد آخر.',
  'bookingCalendar.signedOut': 'سجّل الدخول لتتمكن من الحجز.',
  'bookingCalendar.signedIn': 'تم تسجيل الدخول، يمكنك الآن إكمال الحجز.',
  'bookingCalendar.waitingForSignIn': 'أكمل تسجيل الدخول في النافذة التي فُتحت، ثم عُد إلى هنا.',
  'bookingCalendar.cancelSignIn': 'إلغاء تسجيل الدخول',
  'bookingCalendar.popupBlocked':
    'منع المتصفح فتح نافذة تسجيل الدخول، يرجى السماح بالنوافذ المنبثقة لهذا الموقع ثم المحاولة مرة أخرى.',
  'bookingCalendar.confirmTitle': 'تأكيد الحجز',
  'bookingCalendar.expert': 'الخبير',
  'bookingCalendar.date': 'التاريخ',
  'bookingCalendar.time': 'الوقت',
  'bookingCalendar.timeWithZone': '{time} {zone}',
  'bookingCalendar.subject': 'موضوع الجلسة',
  'bookingCalendar.office': 'المكتب',
  'bookingCalendar.booking': 'جارٍ الحجز…',
  'bookingCalendar.requestAwaits':
    'أُرسل طلبك إلى {name} لموعد يوم {date} الساعة {time}، وهو بانتظار رد الخبير.',
  'bookingCalendar.noSubject': 'لا يقدّم هذا الخبير جلسات في الموضوع المطلوب.',
  'bookingCalendar.noWay': 'لا يمكن حجز هذا الموعد حاليًا.',
  'bookingCalendar.slotPassed': 'حان وقت هذا الموعد ولم يعد متاحًا للحجز، يرجى اختيار موعد آخر.',
  'bookingCalendar.requestTitle': 'إرسال طلب حجز',
  'bookingCalendar.requestExplained':
    'سيُرسَل طلبك إلى {name}، ولا يُحجز الموعد إلا بعد موافقة الخبير على الطلب.',
  'bookingCalendar.sendRequest': 'إرسال الطلب',
  'bookingCalendar.sendingRequest': 'جارٍ إرسال الطلب…',
  'bookingCalendar.addToCalendar': 'إضافة إلى التقويم',
  'bookingCalendar.calendarSession': 'جلسة مشورة مع {name}',
  'bookingCalendar.calendarRequest': 'طلب جلسة مشورة مع {name} (بانتظار موافقة الخبير)',
  'bookingCalendar.officeLocation': '{office}، {address}',
  'bookingCalendar.duration':
    '{minutes, plural, zero {أقل من دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'bookingCalendar.timeSpan': 'من {start} إلى {end} {zone} ({duration})',
  'bookingCalendar.noExpert': 'اختر خبيرًا لتظهر مواعيده المتاحة.',
  'bookingCalendar.clash': 'يتعارض مع موعد لك',
  'bookingCalendar.clashNote': 'المواعيد المعلَّمة «{clash}» تتداخل مع جلسة أو طلب لك، فلا يمكن حجزها.',
  'bookingCalendar.refusedTitle': 'لم يتم الحجز',
  'bookingCalendar.chooseAnother': 'اختيار موعد آخر',
  'bookingCalendar.tryAgain': 'إعادة المحاولة',
} as const

/** The same keys in English, with the same ICU arguments. */
const en: Readonly<Record<keyof typeof ar, string>> = {
  'bookingCalendar.title': 'Available slots',
  'bookingCalendar.weekNavigation': 'Week navigation',
  'bookingCalendar.previousWeek': 'Previous week',
  'bookingCalendar.nextWeek': 'Next week',
  'bookingCalendar.weekRange': 'Week of {range}',
  'bookingCalendar.hijriRange': 'corresponding to {range}',
  'bookingCalendar.timesIn': 'All times are Saudi Arabia time',
  'bookingCalendar.slotsFound':
    '{count, plural, =0 {No slots are available this week} one {# slot is available this week} other {# slots are available this week}}',
  'bookingCalendar.emptyWeek': 'No slots are available this week.',
  'bookingCalendar.showNextWeek': 'Show next week',
  'bookingCalendar.dayEmpty': 'No slots',
  'bookingCalendar.slotWays': 'Ways: {ways}',
  'bookingCalendar.wayOnlineShort': 'Online',
  'bookingCalendar.wayOfficeShort': 'In person',
  'bookingCalendar.chooseSlotFirst': 'Choose a time first.',
  'bookingCalendar.chosenSlot': 'Chosen time: {date}, {time}',
  'bookingCalendar.chosenClashes':
    'The time you chose clashes with one of your bookings: {date}, {time}. Please choose another.',
  'bookingCalendar.signedOut': 'Sign in to book.',
  'bookingCalendar.signedIn': 'You are signed in and can now complete the booking.',
  'bookingCalendar.waitingForSignIn': 'Finish signing in in the window that opened, then come back here.',
  'bookingCalendar.cancelSignIn': 'Cancel signing in',
  'bookingCalendar.popupBlocked':
    'The browser blocked the sign-in window. Please allow pop-ups for this site and try again.',
  'bookingCalendar.confirmTitle': 'Confirm booking',
  'bookingCalendar.expert': 'Expert',
  'bookingCalendar.date': 'Date',
  'bookingCalendar.time': 'Time',
  'bookingCalendar.timeWithZone': '{time} {zone}',
  'bookingCalendar.subject': 'Session subject',
  'bookingCalendar.office': 'Office',
  'bookingCalendar.booking': 'Booking…',
  'bookingCalendar.requestAwaits':
    'Your request to {name} for {date} at {time} has been sent and is awaiting the expert’s answer.',
  'bookingCalendar.noSubject': 'This expert does not hold sessions on the requested subject.',
  'bookingCalendar.noWay': 'This slot cannot be booked at the moment.',
  'bookingCalendar.slotPassed': 'This time has started and can no longer be booked. Please choose another.',
  'bookingCalendar.requestTitle': 'Send a booking request',
  'bookingCalendar.requestExplained':
    'Your request will be sent to {name}. The time is booked only once the expert accepts the request.',
  'bookingCalendar.sendRequest': 'Send request',
  'bookingCalendar.sendingRequest': 'Sending request…',
  'bookingCalendar.addToCalendar': 'Add to calendar',
  'bookingCalendar.calendarSession': 'Mashura session with {name}',
  'bookingCalendar.calendarRequest': 'Mashura session request with {name} (awaiting the expert’s answer)',
  'bookingCalendar.officeLocation': '{office}, {address}',
  'bookingCalendar.duration': '{minutes, plural, =0 {Less than a minute} one {# minute} other {# minutes}}',
  'bookingCalendar.timeSpan': '{start} – {end} {zone} ({duration})',
  'bookingCalendar.noExpert': 'Choose an expert to see their free slots.',
  'bookingCalendar.clash': 'Clashes with your booking',
  'bookingCalendar.clashNote':
    'Times marked “{clash}” overlap a session or request you already have, so they cannot be booked.',
  'bookingCalendar.refusedTitle': 'Not booked',
  'bookingCalendar.chooseAnother': 'Choose another time',
  'bookingCalendar.tryAgain': 'Try again',
}

/** The messages of `<booking-calendar>`, in Arabic and English. */
export const bookingCalendarMessages: CatalogExtension<keyof typeof ar> = { ar, en }
