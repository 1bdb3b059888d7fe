/**
 * Host app messages: my-bookings (issue 34). Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`).
 */
export const ar = {
  'myBookings.changes': 'تعديل الطلب',
  'myBookings.withdraw': 'سحب الطلب',
  'myBookings.move': 'نقل الطلب إلى موعد آخر',
  'myBookings.changesUntil': 'يمكنك سحب الطلب أو نقله حتى {date} الساعة {time} {zone}.',
  'myBookings.changesClosed':
    'أُغلق باب التعديل في {date} الساعة {time} {zone}، إذ بقي على الموعد أقل من {hours, plural, one {ساعة} two {ساعتين} few {# ساعات} many {# ساعة} other {# ساعة}}، فلا يمكن سحب الطلب أو نقله.',
  'myBookings.reason': 'سبب السحب',
  'myBookings.details': 'اكتب تفاصيل السبب',
  'myBookings.chooseReason': 'يرجى اختيار سبب.',
  'myBookings.withdrawConfirm': 'تأكيد السحب',
  'myBookings.withdrawn': 'سُحب طلبك، وأُبلغ المستشار بذلك.',
  'myBookings.moveIntro': 'اختر موعدًا آخر من مواعيد {name} المتاحة. يبقى طلبًا ينتظر موافقته. الأوقات {zone}.',
  'myBookings.freeTimes': 'المواعيد المتاحة',
  'myBookings.noFreeTimes': 'لا توجد لدى هذا المستشار مواعيد متاحة أخرى الآن.',
  'myBookings.chooseTime': 'يرجى اختيار موعد.',
  'myBookings.moveConfirm': 'تأكيد النقل',
  'myBookings.moved': 'نُقل طلبك إلى {date} الساعة {time} {zone}، وأُبلغ المستشار بذلك.',
  'myBookings.keep': 'تراجع',
} as const satisfies Record<`myBookings.${string}`, string>

export const en = {
  'myBookings.changes': 'Change the request',
  'myBookings.withdraw': 'Withdraw request',
  'myBookings.move': 'Move request',
  'myBookings.changesUntil': 'You can withdraw or move this request until {date} at {time} {zone}.',
  'myBookings.changesClosed':
    'Changes closed on {date} at {time} {zone}: less than {hours, plural, one {# hour} other {# hours}} before the time, the request can no longer be withdrawn or moved.',
  'myBookings.reason': 'Reason for withdrawing',
  'myBookings.details': 'Describe the reason',
  'myBookings.chooseReason': 'Please choose a reason.',
  'myBookings.withdrawConfirm': 'Confirm withdrawal',
  'myBookings.withdrawn': 'Your request was withdrawn and the advisor was told.',
  'myBookings.moveIntro':
    "Choose another of {name}'s free times. It stays a request waiting for the advisor's answer. Times are {zone}.",
  'myBookings.freeTimes': 'Free times',
  'myBookings.noFreeTimes': 'This advisor has no other free time now.',
  'myBookings.chooseTime': 'Please choose a time.',
  'myBookings.moveConfirm': 'Confirm the move',
  'myBookings.moved': 'Your request was moved to {date} at {time} {zone}, and the advisor was told.',
  'myBookings.keep': 'Go back',
} as const satisfies Record<keyof typeof ar, string>
