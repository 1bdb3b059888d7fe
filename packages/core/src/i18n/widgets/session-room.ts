import type { CatalogExtension } from '../index.ts'

/**
 * The messages only <session-room> shows, in ICU MessageFormat, Arabic first. Keys are namespaced like the
 * shared catalogs'; shared words (`common.*`, `errors.*`, `sessions.*`, `meeting.*`, …) stay in the shared
 * catalogs.
 */
const ar = {
  'sessionRoom.subject': 'الموضوع',
  'sessionRoom.noSubject': 'دون موضوع محدد',
  'sessionRoom.state': 'حالة الجلسة',
  'sessionRoom.description': 'ما كتبه صاحب المنشأة عند الحجز',
  'sessionRoom.address': 'العنوان',
  'sessionRoom.map': 'عرض الموقع على الخريطة',
  'sessionRoom.timeRange': 'من {start} إلى {end} {zone}',
  'sessionRoom.actions': 'إجراءات الجلسة',
  'sessionRoom.meeting': 'الاجتماع',
  'sessionRoom.leave': 'مغادرة الاجتماع',
  'sessionRoom.notFound': 'لا يمكن عرض هذه الجلسة؛ فهي غير موجودة أو ليست من جلساتك.',
  'sessionRoom.signedOut': 'يرجى تسجيل الدخول لعرض تفاصيل الجلسة.',
  'sessionRoom.started': 'بدأ الاجتماع.',
  'sessionRoom.startedInOffice': 'بدأت الجلسة الحضورية، ويمكنك إنهاؤها بعد انتهاء اللقاء.',
  'sessionRoom.endedStatus': 'انتهت الجلسة، ويمكنك الآن كتابة التوصيات.',
  'sessionRoom.endedForOwner': 'انتهت الجلسة، ويكتب الخبير توصياتك الآن.',
  'sessionRoom.cancelledStatus': 'أُلغيت الجلسة، وأُبلغ صاحب المنشأة بذلك.',
  'sessionRoom.absentStatus': 'سُجّل غياب صاحب المنشأة عن هذه الجلسة.',
  'sessionRoom.endHint': 'اكتب سبب إنهاء الجلسة، وسيُحفظ مع تفاصيلها.',
  'sessionRoom.cancelDetails': 'اكتب تفاصيل السبب',
  'sessionRoom.chooseReason': 'يرجى اختيار سبب الإلغاء.',
  'sessionRoom.keep': 'تراجع',
  'sessionRoom.recommendationsNeeded': 'صاحب المنشأة يحتاج إلى جلسة أخرى.',
  'sessionRoom.call.starting': 'جارٍ تشغيل الكاميرا والميكروفون…',
  'sessionRoom.call.connecting': 'جارٍ الاتصال بخادم الاجتماع…',
  'sessionRoom.call.joining': 'انضمّ الطرف الآخر، جارٍ وصل المكالمة…',
  'sessionRoom.call.connected': 'أنت الآن في مكالمة مع الطرف الآخر.',
  'sessionRoom.call.left': 'غادر الطرف الآخر الاجتماع. يمكنك انتظار عودته أو المغادرة.',
  'sessionRoom.call.reconnecting': 'انقطع الاتصال، جارٍ إعادة المحاولة…',
  'sessionRoom.call.localVideo': 'صورتك',
  'sessionRoom.call.remoteVideo': 'صورة الطرف الآخر',
  'sessionRoom.call.controls': 'أدوات التحكم في المكالمة',
  'sessionRoom.call.mute': 'كتم الميكروفون',
  'sessionRoom.call.cameraOff': 'إيقاف الكاميرا',
  'sessionRoom.call.leave': 'مغادرة المكالمة',
  'sessionRoom.call.permissionDenied':
    'لم يُسمح بالوصول إلى الكاميرا أو الميكروفون. اسمح بهما من إعدادات المتصفح ثم انضم مرة أخرى.',
  'sessionRoom.call.noDevice': 'لم نجد كاميرا أو ميكروفونًا على هذا الجهاز.',
  'sessionRoom.call.unsupported': 'لا يدعم هذا المتصفح مكالمات الفيديو. جرّب متصفحًا حديثًا.',
  'sessionRoom.call.signallingFailed': 'تعذّر الاتصال بخادم الاجتماع. تحقّق من اتصالك ثم انضم مرة أخرى.',
  'sessionRoom.zoom.title': 'اجتماع زووم',
  'sessionRoom.zoom.loading': 'جارٍ تحميل اجتماع زووم…',
  'sessionRoom.zoom.joined': 'انضممت إلى اجتماع زووم.',
  'sessionRoom.zoom.failed': 'تعذّر الانضمام إلى اجتماع زووم. حاول مرة أخرى.',
  'sessionRoom.zoom.noSignature': 'لا يتوفر توقيع الانضمام إلى هذا الاجتماع. حاول مرة أخرى.',
  'sessionRoom.instant': 'جلسة فورية',
  'sessionRoom.remaining':
    'الوقت المتبقي: {minutes, plural, =0 {أقل من دقيقة} one {دقيقة واحدة} two {دقيقتان} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'sessionRoom.overtime': 'انتهى الوقت المحدد للجلسة.',
  'sessionRoom.startsIn':
    'تبدأ الجلسة بعد {minutes, plural, zero {أقل من دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}',
  'sessionRoom.startsInHours':
    'تبدأ الجلسة بعد {hours, plural, zero {# ساعة} one {ساعة} two {ساعتين} few {# ساعات} many {# ساعة} other {# ساعة}}{minutes, plural, zero {} one { ودقيقة} two { ودقيقتين} few { و# دقائق} many { و# دقيقة} other { و# دقيقة}}',
  'sessionRoom.extendedUntil':
    'مُدّدت الجلسة {minutes, plural, one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}، وتنتهي الآن عند {time} {zone}.',
  'sessionRoom.endInstantConfirm': 'هل تريد إنهاء هذه الجلسة الفورية الآن؟ ستنتقل بعدها إلى كتابة التوصيات.',
} as const

export const sessionRoomMessages: CatalogExtension<keyof typeof ar> = {
  ar,
  en: {
    'sessionRoom.subject': 'Subject',
    'sessionRoom.noSubject': 'No particular subject',
    'sessionRoom.state': 'Session status',
    'sessionRoom.description': 'What the business owner wrote when booking',
    'sessionRoom.address': 'Address',
    'sessionRoom.map': 'Show the location on a map',
    'sessionRoom.timeRange': 'From {start} to {end} {zone}',
    'sessionRoom.actions': 'Session actions',
    'sessionRoom.meeting': 'Meeting',
    'sessionRoom.leave': 'Leave the meeting',
    'sessionRoom.notFound': "This session can't be shown: it doesn't exist or it isn't one of your sessions.",
    'sessionRoom.signedOut': 'Please sign in to see the session details.',
    'sessionRoom.started': 'The meeting has started.',
    'sessionRoom.startedInOffice': 'The in-office session has started; end it once the meeting is over.',
    'sessionRoom.endedStatus': 'The session has ended; you can now write your recommendations.',
    'sessionRoom.endedForOwner': 'The session has ended; the expert is writing your recommendations.',
    'sessionRoom.cancelledStatus': 'The session was cancelled and the business owner was told.',
    'sessionRoom.absentStatus': 'The business owner was marked absent from this session.',
    'sessionRoom.endHint': 'Say why the session ends; the reason is kept with its details.',
    'sessionRoom.cancelDetails': 'Describe the reason',
    'sessionRoom.chooseReason': 'Please choose a reason for cancelling.',
    'sessionRoom.keep': 'Go back',
    'sessionRoom.recommendationsNeeded': 'The business owner needs another session.',
    'sessionRoom.call.starting': 'Starting your camera and microphone…',
    'sessionRoom.call.connecting': 'Connecting to the meeting server…',
    'sessionRoom.call.joining': 'The other person joined; connecting the call…',
    'sessionRoom.call.connected': "You're now in a call with the other person.",
    'sessionRoom.call.left':
      'The other person left the meeting. You can wait for them to come back, or leave.',
    'sessionRoom.call.reconnecting': 'The connection dropped; trying again…',
    'sessionRoom.call.localVideo': 'Your video',
    'sessionRoom.call.remoteVideo': "The other person's video",
    'sessionRoom.call.controls': 'Call controls',
    'sessionRoom.call.mute': 'Mute microphone',
    'sessionRoom.call.cameraOff': 'Turn camera off',
    'sessionRoom.call.leave': 'Leave the call',
    'sessionRoom.call.permissionDenied':
      'Access to the camera or microphone was denied. Allow both in your browser settings, then join again.',
    'sessionRoom.call.noDevice': 'No camera or microphone was found on this device.',
    'sessionRoom.call.unsupported': "This browser can't make video calls. Try a recent browser.",
    'sessionRoom.call.signallingFailed':
      "Couldn't reach the meeting server. Check your connection, then join again.",
    'sessionRoom.zoom.title': 'Zoom meeting',
    'sessionRoom.zoom.loading': 'Loading the Zoom meeting…',
    'sessionRoom.zoom.joined': 'You joined the Zoom meeting.',
    'sessionRoom.zoom.failed': "Couldn't join the Zoom meeting. Try again.",
    'sessionRoom.zoom.noSignature': "This meeting's join signature is missing. Try again.",
    'sessionRoom.instant': 'Instant session',
    'sessionRoom.remaining':
      'Time left: {minutes, plural, =0 {less than a minute} one {# minute} other {# minutes}}',
    'sessionRoom.overtime': "The session's scheduled time is over.",
    'sessionRoom.startsIn':
      'The session starts in {minutes, plural, =0 {less than a minute} one {# minute} other {# minutes}}',
    'sessionRoom.startsInHours':
      'The session starts in {hours, plural, one {# hour} other {# hours}}{minutes, plural, =0 {} one { and # minute} other { and # minutes}}',
    'sessionRoom.extendedUntil':
      'The session was extended by {minutes, plural, one {# minute} other {# minutes}}; it now ends at {time} {zone}.',
    'sessionRoom.endInstantConfirm':
      'End this instant session now? You will then write your recommendations.',
  },
}
