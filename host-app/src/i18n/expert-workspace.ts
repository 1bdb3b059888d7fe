/**
 * Host app messages: expert-workspace (the expert's dashboard and schedule).
 * Arabic first; both languages hold the same keys (tested in `i18n/index.test.ts`).
 */
export const ar = {
  'workspace.chart.canvasLabel': 'رسم بياني: {title}. الأرقام نفسها في الجدول الذي يليه.',
  'workspace.chart.showTable': 'عرض الأرقام في جدول',
  'workspace.chart.showChart': 'عرض الرسم البياني',
  'workspace.next.addSlots': 'أضف مواعيد من ملفك',
  'workspace.stats.noSessions':
    'لا توجد جلسات بعد. انشر مواعيدك المتاحة من ملفك ليحجزها أصحاب المنشآت، وستظهر أرقامك هنا.',
  'workspace.stats.noOwners': 'لم تلتقِ أصحاب منشآت بعد. تظهر أرقامهم هنا بعد أول جلسة لك.',
  'workspace.stats.owners': 'أصحاب المنشآت',
  'workspace.stats.phase': 'مرحلة المنشأة',
  'workspace.stats.noPhases': 'تُسجَّل مرحلة المنشأة حين تكتب توصيات الجلسة، ولم تُسجَّل أي مرحلة بعد.',
  'workspace.today.none': 'لا توجد جلسات اليوم.',
  'workspace.upcoming.title': 'الجلسات القادمة',
  'workspace.upcoming.none': 'لا توجد جلسات محجوزة بعد اليوم.',
  'workspace.upcoming.noSlots':
    'لا توجد جلسات قادمة، وليست لديك مواعيد متاحة منشورة، فلا يستطيع أصحاب المنشآت الحجز معك. أضف مواعيد من ملفك.',
  'workspace.upcoming.waiting':
    '{count, plural, one {لا توجد جلسات قادمة بعد. لديك موعد متاح واحد منشور يستطيع أصحاب المنشآت حجزه.} two {لا توجد جلسات قادمة بعد. لديك موعدان متاحان منشوران يستطيع أصحاب المنشآت حجزهما.} few {لا توجد جلسات قادمة بعد. لديك # مواعيد متاحة منشورة يستطيع أصحاب المنشآت حجزها.} many {لا توجد جلسات قادمة بعد. لديك # موعدًا متاحًا منشورًا يستطيع أصحاب المنشآت حجزها.} other {لا توجد جلسات قادمة بعد. لديك # موعد متاح منشور يستطيع أصحاب المنشآت حجزها.}}',
  'workspace.requests.none': 'لا توجد طلبات تنتظر ردّك.',
  'workspace.week.hint':
    'اختر الأسبوع، ثم أضف في كل يوم ما تشاء من المواعيد بوقت بدئها ومدتها، وانشرها كلها معًا.',
  'workspace.week.label': 'الأسبوع من {start} إلى {end}',
  'workspace.week.previous': 'الأسبوع السابق',
  'workspace.week.next': 'الأسبوع التالي',
  'workspace.week.thisWeek': 'العودة إلى هذا الأسبوع',
  'workspace.week.today': 'اليوم',
  'workspace.week.published': 'المواعيد المنشورة يوم {day}',
  'workspace.week.booked': 'محجوز',
  'workspace.week.free': 'متاح',
  'workspace.week.draftLabel': 'الموعد الجديد رقم {n, number} يوم {day}',
  'workspace.week.start': 'يبدأ الساعة',
  'workspace.week.length': 'المدة',
  'workspace.week.minutes': '{m, number} دقيقة',
  'workspace.week.ends': 'ينتهي {time}',
  'workspace.week.remove': 'إزالة',
  'workspace.week.pastDay': 'انقضى هذا اليوم.',
  'workspace.week.add': 'أضف موعدًا',
  'workspace.week.onDay': 'يوم {day}',
  'workspace.week.otherWeeks':
    '{count, plural, one {لديك موعد جديد في أسبوع آخر سيُنشر مع هذه المواعيد.} two {لديك موعدان جديدان في أسابيع أخرى سيُنشران مع هذه المواعيد.} few {لديك # مواعيد جديدة في أسابيع أخرى ستُنشر مع هذه المواعيد.} many {لديك # موعدًا جديدًا في أسابيع أخرى ستُنشر مع هذه المواعيد.} other {لديك # موعد جديد في أسابيع أخرى سيُنشر مع هذه المواعيد.}}',
  'workspace.week.noDrafts': 'لم تُضف مواعيد جديدة بعد. اختر يومًا واضغط «أضف موعدًا».',
  'workspace.week.count':
    '{count, plural, one {سيُنشر موعد واحد.} two {سيُنشر موعدان.} few {ستُنشر # مواعيد.} many {سيُنشر # موعدًا.} other {سيُنشر # موعد.}}',
  'workspace.week.whyNoDrafts': 'يُتاح زر «إضافة المواعيد» بعد أن تضيف موعدًا جديدًا واحدًا على الأقل.',
  'workspace.week.whyNoOffice':
    'يُتاح زر «إضافة المواعيد» بعد أن تختار المكتب الذي تستقبل فيه الجلسات الحضورية.',
  'workspace.week.whyNoOffices':
    'زر «إضافة المواعيد» غير متاح للجلسات الحضورية لأنه لا توجد مكاتب متاحة لك؛ اختر «عن بُعد» لتنشر مواعيدك.',
  'workspace.week.publishing': 'جارٍ نشر المواعيد…',
  'workspace.perm.noCreate':
    'لا يسمح حسابك بإضافة المواعيد، لذلك لا يظهر نموذج الإضافة. إن احتجت إلى ذلك فتواصل مع إدارة المنصة.',
  'workspace.perm.noDelete':
    'لا يسمح حسابك بحذف المواعيد، لذلك لا تظهر أزرار الحذف. إن احتجت إلى ذلك فتواصل مع إدارة المنصة.',
  'workspace.range.link': 'عرض جلسات فترة تختارها',
  'workspace.range.tab': 'فترة تختارها',
  'workspace.range.from': 'من تاريخ',
  'workspace.range.to': 'إلى تاريخ',
  'workspace.range.show': 'عرض الجلسات',
  'workspace.range.invalid': 'أدخل تاريخ البداية وتاريخ النهاية.',
  'workspace.range.endBeforeStart': 'تاريخ النهاية يسبق تاريخ البداية. اختر تاريخ نهاية مساويًا له أو بعده.',
  'workspace.range.summary': 'الجلسات من {from} إلى {to} بتوقيت السعودية',
  'workspace.sessions.none': 'لا توجد جلسات في هذه الفترة.',
} as const satisfies Record<string, string>

/** The English of {@link ar}, key for key. */
export const en: Record<keyof typeof ar, string> = {
  'workspace.chart.canvasLabel': 'Chart: {title}. The same figures are in the table that follows.',
  'workspace.chart.showTable': 'Show as a table',
  'workspace.chart.showChart': 'Show the chart',
  'workspace.next.addSlots': 'Add slots on your profile',
  'workspace.stats.noSessions':
    'No sessions yet. Publish free slots on your profile so business owners can book you; your figures will show here.',
  'workspace.stats.noOwners':
    'You haven’t met any business owners yet. Their figures show here after your first session.',
  'workspace.stats.owners': 'Business owners',
  'workspace.stats.phase': 'Company phase',
  'workspace.stats.noPhases':
    'A company’s phase is recorded when you write a session’s recommendations; none is recorded yet.',
  'workspace.today.none': 'No sessions today.',
  'workspace.upcoming.title': 'Coming sessions',
  'workspace.upcoming.none': 'No sessions are booked after today.',
  'workspace.upcoming.noSlots':
    'No sessions are coming up and you have no free slots published, so business owners cannot book you. Add slots on your profile.',
  'workspace.upcoming.waiting':
    'No sessions are coming up yet. You have {count, plural, one {# free slot} other {# free slots}} published that business owners can book.',
  'workspace.requests.none': 'No requests are waiting for your answer.',
  'workspace.week.hint':
    'Pick a week, add as many slots as you like to each day with a start time and a length, then publish them together.',
  'workspace.week.label': 'Week from {start} to {end}',
  'workspace.week.previous': 'Previous week',
  'workspace.week.next': 'Next week',
  'workspace.week.thisWeek': 'Back to this week',
  'workspace.week.today': 'Today',
  'workspace.week.published': 'Slots published on {day}',
  'workspace.week.booked': 'booked',
  'workspace.week.free': 'free',
  'workspace.week.draftLabel': 'New slot {n, number} on {day}',
  'workspace.week.start': 'Starts at',
  'workspace.week.length': 'Length',
  'workspace.week.minutes': '{m, number} minutes',
  'workspace.week.ends': 'Ends {time}',
  'workspace.week.remove': 'Remove',
  'workspace.week.pastDay': 'This day is over.',
  'workspace.week.add': 'Add a slot',
  'workspace.week.onDay': 'on {day}',
  'workspace.week.otherWeeks':
    '{count, plural, one {# new slot in another week will be published with these.} other {# new slots in other weeks will be published with these.}}',
  'workspace.week.noDrafts': 'No new slots yet. Choose a day and press “Add a slot”.',
  'workspace.week.count':
    '{count, plural, one {# slot will be published.} other {# slots will be published.}}',
  'workspace.week.whyNoDrafts':
    'The “Add slots” button becomes available once you add at least one new slot.',
  'workspace.week.whyNoOffice':
    'The “Add slots” button becomes available once you choose the office where you hold in-office sessions.',
  'workspace.week.whyNoOffices':
    'The “Add slots” button is not available for in-office sessions because no office is available to you; choose “Online” to publish your slots.',
  'workspace.week.publishing': 'Publishing your slots…',
  'workspace.perm.noCreate':
    'Your account may not add slots, so the form to add them is not shown. If you need to, contact the platform’s administration.',
  'workspace.perm.noDelete':
    'Your account may not delete slots, so there are no delete buttons. If you need to, contact the platform’s administration.',
  'workspace.range.link': 'Sessions between dates you choose',
  'workspace.range.tab': 'Date range',
  'workspace.range.from': 'From',
  'workspace.range.to': 'To',
  'workspace.range.show': 'Show sessions',
  'workspace.range.invalid': 'Enter both a start date and an end date.',
  'workspace.range.endBeforeStart':
    'The end date is before the start date. Choose an end date on or after it.',
  'workspace.range.summary': 'Sessions from {from} to {to}, Saudi Arabia time',
  'workspace.sessions.none': 'No sessions in this period.',
}
