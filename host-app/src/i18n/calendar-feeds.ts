/**
 * Host app messages: the calendar subscription section (issue 36). Arabic first; both languages hold the same
 * keys (tested in `i18n/index.test.ts`).
 */
export const ar = {
  'calendarFeeds.title': 'الاشتراك في التقويم',
  'calendarFeeds.intro':
    'أنشئ عنوانًا خاصًا تضيفه إلى تطبيق التقويم لديك، مثل تقويم Google أو Apple أو Outlook، فتظهر فيه جلساتك منذ ثلاثين يومًا فما بعد وتتحدّث وحدها، ومنها ما أُلغي أو تغيّر موعده. تحدّث أكثر التطبيقات اشتراكاتها كل بضع ساعات.',
  'calendarFeeds.role.sme': 'حجوزاتي بصفتي صاحب منشأة',
  'calendarFeeds.role.contributor': 'جلساتي بصفتي خبيرًا',
  'calendarFeeds.activeSince': 'عنوان فعّال منذ {date}',
  'calendarFeeds.none': 'لا عنوان لهذا التقويم بعد.',
  'calendarFeeds.make': 'إنشاء العنوان',
  'calendarFeeds.makeNew': 'إنشاء عنوان جديد',
  'calendarFeeds.revoke': 'إلغاء العنوان',
  'calendarFeeds.back': 'تراجع',
  'calendarFeeds.replaceTitle': 'إنشاء عنوان جديد؟',
  'calendarFeeds.replaceText':
    'سيتوقف العنوان الحالي عن العمل فورًا، ولن يتحدّث بعدها أي تقويم مشترك به، فعليك إضافة العنوان الجديد إلى تطبيق التقويم.',
  'calendarFeeds.revokeTitle': 'إلغاء عنوان التقويم؟',
  'calendarFeeds.revokeText':
    'سيتوقف العنوان عن العمل فورًا، ولن تصل جلساتك بعدها إلى أي تقويم مشترك به. ويمكنك إنشاء عنوان جديد متى شئت.',
  'calendarFeeds.addressLabel': 'عنوان الاشتراك',
  'calendarFeeds.onceNote':
    'يظهر هذا العنوان هذه المرة فقط، فانسخه الآن. وهو خاص بك: من يعرفه يرى جلساتك، فلا تشاركه أحدًا.',
  'calendarFeeds.howTo':
    'في تطبيق التقويم اختر إضافة تقويم من عنوان URL (أو الاشتراك في تقويم) والصق العنوان.',
  'calendarFeeds.copy': 'نسخ',
  'calendarFeeds.open': 'فتح في تطبيق التقويم',
  'calendarFeeds.copied': 'نُسخ العنوان.',
  'calendarFeeds.copyFailed': 'تعذّر النسخ تلقائيًا، وقد حُدِّد العنوان فانسخه بنفسك.',
  'calendarFeeds.made': 'أُنشئ عنوان «{role}»: انسخه وأضفه إلى تطبيق التقويم.',
  'calendarFeeds.revoked': 'أُلغي عنوان «{role}» ولم يعد يعمل.',
} as const satisfies Record<`calendarFeeds.${string}`, string>

export const en = {
  'calendarFeeds.title': 'Calendar subscription',
  'calendarFeeds.intro':
    'Make a private address to add to your calendar app, such as Google, Apple or Outlook Calendar: it then shows your sessions from 30 days ago on and keeps them up to date on its own, cancelled and moved ones included. Most apps refresh a subscription every few hours.',
  'calendarFeeds.role.sme': 'My bookings as a business owner',
  'calendarFeeds.role.contributor': 'My sessions as an expert',
  'calendarFeeds.activeSince': 'Active since {date}',
  'calendarFeeds.none': 'No address yet.',
  'calendarFeeds.make': 'Make the address',
  'calendarFeeds.makeNew': 'Make a new address',
  'calendarFeeds.revoke': 'Revoke the address',
  'calendarFeeds.back': 'Go back',
  'calendarFeeds.replaceTitle': 'Make a new address?',
  'calendarFeeds.replaceText':
    'The current address stops working at once, and no calendar subscribed to it will update any more: you will need to add the new address to your calendar app.',
  'calendarFeeds.revokeTitle': 'Revoke the calendar address?',
  'calendarFeeds.revokeText':
    'The address stops working at once, and no calendar subscribed to it will get your sessions any more. You can make a new address whenever you like.',
  'calendarFeeds.addressLabel': 'Subscription address',
  'calendarFeeds.onceNote':
    'This address is shown only this once, so copy it now. It is private: anyone who has it can see your sessions, so do not share it.',
  'calendarFeeds.howTo':
    'In your calendar app, choose to add a calendar from a URL (or to subscribe to a calendar) and paste the address.',
  'calendarFeeds.copy': 'Copy',
  'calendarFeeds.open': 'Open in calendar app',
  'calendarFeeds.copied': 'Address copied.',
  'calendarFeeds.copyFailed': 'Could not copy automatically: the address is selected, so copy it yourself.',
  'calendarFeeds.made': 'The address for “{role}” is ready: copy it and add it to your calendar app.',
  'calendarFeeds.revoked': 'The address for “{role}” was revoked and no longer works.',
} as const satisfies Record<keyof typeof ar, string>
