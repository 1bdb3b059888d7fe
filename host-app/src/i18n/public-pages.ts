/**
 * Host app messages: public-pages. Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`). Words the widgets show too stay in the shared catalogs; the site's own words
 * under shared namespaces (`nav.about`, `footer.*`, …) are in `site.ts`.
 */
export const ar = {
  // An expert invitation (issue 33)
  'invitation.title': 'دعوة للانضمام خبيرًا في مشورة',
  'invitation.body': 'دعتك الجهة لتقديم جلسات الاستشارة والإرشاد لأصحاب المنشآت في منصة مشورة.',
  'invitation.howTo':
    'لقبول الدعوة سجّل الدخول بالبريد الإلكتروني الذي وصلتك عليه الدعوة، فيصبح ملفك خبيرًا جاهزًا فور دخولك.',
  'invitation.signIn': 'سجّل الدخول لقبول الدعوة',
  'invitation.welcome': 'مرحبًا {name}، أصبحت خبيرًا في مشورة.',
  'invitation.toDashboard': 'اذهب إلى لوحتك',
  'invitation.otherAccount':
    'أنت مسجّل الدخول باسم {name}. إن كانت الدعوة لبريد آخر فسجّل الخروج ثم ادخل بذلك البريد.',
  // Home
  'home.hero.title': 'استشارات وإرشاد لمنشأتك، في موعد يناسبك',
  'home.hero.lead':
    'احجز جلسة مع مستشارين ومرشدين وخبراء شراكات معتمدين، عن بُعد أو حضوريًا في مراكز دعم المنشآت.',
  'home.search.label': 'ابحث عن مستشار أو مرشد أو مجال اهتمام',
  'home.subjects.title': 'تصفّح المجالات',
  'home.subjects.consultingText': 'التمويل والتسويق والشؤون القانونية والمالية وغيرها',
  'home.subjects.guidanceText': 'خطط العمل ودراسات الجدوى وريادة الأعمال والتحول الرقمي',
  'home.subjects.partnershipsText': 'الاستثمار والحاضنات وسلاسل الإمداد والمحتوى المحلي',
  'home.kinds.title': 'تعرّف على خبرائنا',
  'home.kinds.consultantText': 'مشورة متخصصة في مجال محدد',
  'home.kinds.advisorText': 'إرشاد يرافقك في مراحل نمو منشأتك',
  'home.kinds.partnerText': 'خبرة في بناء الشراكات والاستثمار',
  'home.kinds.bsaText': 'مستشارو مراكز دعم المنشآت في منطقتك',
  'home.features.title': 'لماذا مشورة؟',
  'home.features.experts.title': 'خبراء معتمدون',
  'home.features.experts.text': 'نخبة من المستشارين والمرشدين ذوي الخبرة العملية.',
  'home.features.experts.alt': 'رسم لشخصين يتحاوران حول مخطط بياني',
  'home.features.booking.title': 'حجز سهل',
  'home.features.booking.text': 'اختر الموعد المناسب لك من تقويم الخبير واحجز في دقيقة.',
  'home.features.booking.alt': 'رسم لتقويم حُدِّد فيه موعد بعلامة صح',
  'home.features.remote.title': 'عن بُعد أو حضوريًا',
  'home.features.remote.text': 'اجتمع بالخبير بمكالمة مرئية أو في أحد مكاتب مراكز دعم المنشآت.',
  'home.features.remote.alt': 'رسم لشاشة حاسوب تعرض مكالمة مرئية بجانب مبنى مكتب',
  'home.features.followUp.title': 'توصيات ومتابعة',
  'home.features.followUp.text': 'تصلك توصيات مكتوبة بعد كل جلسة لتبني عليها خطواتك القادمة.',
  'home.features.followUp.alt': 'رسم لقائمة مهام مكتملة بجانب سهم صاعد',
  'home.video.title': 'تعرّف على مشورة',
  'home.video.frameTitle': 'الفيديو التعريفي لمنصة مشورة',
  'home.video.play': 'تشغيل الفيديو التعريفي',
  'home.video.playNote': 'يُحمَّل المشغّل من {host} عند التشغيل.',

  // Subjects
  'subjectsPage.lead': 'اختر الموضوع لتعرض الخبراء المتاحين فيه.',
  'subjectsPage.browseExperts': 'عرض الخبراء',
  'subjectsPage.loadFailed': 'تعذّر تحميل المواضيع.',
  'subjectsPage.empty': 'لا توجد مواضيع في هذا المجال حاليًا.',

  // Contributor lists and search
  'contributorsPage.inSubject': 'في: {subject}',
  'contributorsPage.searchTitle': 'نتائج البحث عن «{text}»',
  'contributorsPage.searchAll': 'جميع الخبراء',
  'contributorsPage.results': 'الخبراء',

  // Contributor profile
  'profilePage.title': 'ملف الخبير',
  'profilePage.subjects': 'مجالات الخبرة',
  'profilePage.jumpToSlots': 'عرض المواعيد المتاحة',
  'profilePage.sessionsCount':
    '{count, plural, =0 {لا جلسات بعد} one {جلسة واحدة} two {جلستان} few {# جلسات} many {# جلسة} other {# جلسة}}',
  'profilePage.rating': 'التقييم {rating, number, ::.#} من ٥',
  'profilePage.loadFailed': 'تعذّر تحميل ملف الخبير.',
  'profilePage.notFound': 'لم نجد هذا الخبير.',
  'profilePage.ownHint': 'هذا ملفك كما يراه أصحاب المنشآت. من هنا تضيف مواعيدك وتتابع جلساتك.',
  'profilePage.slotForm.way': 'طريقة الجلسة',
  'profilePage.slotForm.online': 'عن بُعد',
  'profilePage.slotForm.office': 'حضوري',
  'profilePage.slotForm.both': 'عن بُعد أو حضوري',
  'profilePage.slotForm.officeLabel': 'المكتب',
  'profilePage.slotForm.chooseOffice': 'اختر المكتب',
  'profilePage.slotForm.noOffices': 'لا توجد مكاتب متاحة لك، اختر الجلسات عن بُعد.',
  'profilePage.slotForm.submit': 'إضافة المواعيد',
  'profilePage.scope.today': 'اليوم',
  'profilePage.scope.week': 'هذا الأسبوع',
  'profilePage.scope.upcoming': 'القادمة',
  'profilePage.scopeLabel': 'الفترة',
  'profilePage.noSessions': 'لا توجد جلسات في هذه الفترة.',
  'profilePage.sessionsFailed': 'تعذّر تحميل الجلسات.',
  'profilePage.freeSlots': 'مواعيدك المتاحة',
  'profilePage.noFreeSlots': 'لا توجد مواعيد متاحة منشورة.',
  'profilePage.deleteSlotConfirm': 'هل تريد حذف موعد {date} الساعة {time}؟',

  // Info pages
  'infoPage.loadFailed': 'تعذّر تحميل المحتوى.',
  'infoPage.contactLead': 'يسعدنا تواصلك معنا عبر القنوات التالية.',

  // FAQ
  'faqPage.filterLabel': 'ابحث في الأسئلة',
  'faqPage.filterPlaceholder': 'اكتب كلمة من السؤال أو الجواب',
  'faqPage.count':
    '{count, plural, =0 {لا توجد أسئلة مطابقة} one {سؤال واحد} two {سؤالان} few {# أسئلة} many {# سؤالًا} other {# سؤال}}',
  'faqPage.loadFailed': 'تعذّر تحميل الأسئلة الشائعة.',

  // Rating page
  'smeRatePage.missingToken': 'رابط التقييم ناقص. افتح الرابط كما وصلك في الرسالة.',
  'smeRatePage.brand': 'مشورة، الصفحة الرئيسية',

  // Redirection
  'redirectionPage.title': 'جارٍ تحويلك…',
  'redirectionPage.signedInAs': 'تم تسجيل دخولك باسم {name}.',
  'redirectionPage.otherPerson.title': 'أي حساب تريد استخدامه؟',
  'redirectionPage.otherPerson.text':
    'أنت مسجّل الدخول باسم {current}. هذا الرابط من التطبيق سيسجّل دخولك باسم {other}.',
  'redirectionPage.otherPerson.stay': 'البقاء مسجّلًا باسم {current}',
  'redirectionPage.otherPerson.continue': 'المتابعة باسم {other}',
} as const satisfies Record<string, string>

/** The English of {@link ar}, key for key. */
export const en: Record<keyof typeof ar, string> = {
  // An expert invitation (issue 33)
  'invitation.title': 'An invitation to join Mashura as an expert',
  'invitation.body':
    'The agency has invited you to give consulting and guidance sessions to business owners on Mashura.',
  'invitation.howTo':
    'To accept, sign in with the e-mail address the invitation was sent to: your expert profile is ready as soon as you do.',
  'invitation.signIn': 'Sign in to accept',
  'invitation.welcome': 'Welcome, {name}: you are now an expert on Mashura.',
  'invitation.toDashboard': 'Go to your dashboard',
  'invitation.otherAccount':
    'You are signed in as {name}. If the invitation was sent to another address, log out and sign in with it.',
  'home.hero.title': 'Advice and guidance for your business, when it suits you',
  'home.hero.lead':
    'Book a session with certified consultants, advisors and partnership experts, online or in person at the business support centers.',
  'home.search.label': 'Search for a consultant, advisor or interest',
  'home.subjects.title': 'Browse the fields',
  'home.subjects.consultingText': 'Financing, marketing, legal and financial matters and more',
  'home.subjects.guidanceText':
    'Business plans, feasibility studies, entrepreneurship and digital transformation',
  'home.subjects.partnershipsText': 'Investment, incubators, supply chains and local content',
  'home.kinds.title': 'Meet our experts',
  'home.kinds.consultantText': 'Specialist advice in one field',
  'home.kinds.advisorText': 'Guidance through every stage of your growth',
  'home.kinds.partnerText': 'Experience in partnerships and investment',
  'home.kinds.bsaText': 'Advisors of the business support centers near you',
  'home.features.title': 'Why Mashura?',
  'home.features.experts.title': 'Certified experts',
  'home.features.experts.text': 'A select group of consultants and advisors with hands-on experience.',
  'home.features.experts.alt': 'Two people discussing a chart',
  'home.features.booking.title': 'Easy booking',
  'home.features.booking.text': "Pick a time that suits you from the expert's calendar and book in a minute.",
  'home.features.booking.alt': 'A calendar with one day ticked',
  'home.features.remote.title': 'Online or in person',
  'home.features.remote.text':
    'Meet the expert on a video call or at one of the business support centers’ offices.',
  'home.features.remote.alt': 'A computer screen showing a video call beside an office building',
  'home.features.followUp.title': 'Recommendations and follow-up',
  'home.features.followUp.text':
    'Get written recommendations after every session to build your next steps on.',
  'home.features.followUp.alt': 'A completed checklist beside a rising arrow',
  'home.video.title': 'Get to know Mashura',
  'home.video.frameTitle': "Mashura's introductory video",
  'home.video.play': 'Play the introductory video',
  'home.video.playNote': 'The player loads from {host} when you play it.',

  'subjectsPage.lead': 'Choose a subject to see the experts available in it.',
  'subjectsPage.browseExperts': 'See the experts',
  'subjectsPage.loadFailed': 'The subjects could not be loaded.',
  'subjectsPage.empty': 'There are no subjects in this field yet.',

  'contributorsPage.inSubject': 'In: {subject}',
  'contributorsPage.searchTitle': 'Search results for “{text}”',
  'contributorsPage.searchAll': 'All experts',
  'contributorsPage.results': 'Experts',

  'profilePage.title': 'Expert profile',
  'profilePage.subjects': 'Fields of expertise',
  'profilePage.jumpToSlots': 'See the free times',
  'profilePage.sessionsCount':
    '{count, plural, =0 {No sessions yet} one {# session} two {# sessions} few {# sessions} many {# sessions} other {# sessions}}',
  'profilePage.rating': 'Rated {rating, number, ::.#} out of 5',
  'profilePage.loadFailed': "The expert's profile could not be loaded.",
  'profilePage.notFound': 'We could not find this expert.',
  'profilePage.ownHint':
    'This is your profile as business owners see it. Add your slots and follow your sessions here.',
  'profilePage.slotForm.way': 'How sessions are held',
  'profilePage.slotForm.online': 'Online',
  'profilePage.slotForm.office': 'In the office',
  'profilePage.slotForm.both': 'Online or in the office',
  'profilePage.slotForm.officeLabel': 'Office',
  'profilePage.slotForm.chooseOffice': 'Choose the office',
  'profilePage.slotForm.noOffices': 'No office is available to you; choose online sessions.',
  'profilePage.slotForm.submit': 'Add slots',
  'profilePage.scope.today': 'Today',
  'profilePage.scope.week': 'This week',
  'profilePage.scope.upcoming': 'Upcoming',
  'profilePage.scopeLabel': 'Period',
  'profilePage.noSessions': 'No sessions in this period.',
  'profilePage.sessionsFailed': 'The sessions could not be loaded.',
  'profilePage.freeSlots': 'Your free slots',
  'profilePage.noFreeSlots': 'You have no free slots published.',
  'profilePage.deleteSlotConfirm': 'Delete the slot on {date} at {time}?',

  'infoPage.loadFailed': 'The content could not be loaded.',
  'infoPage.contactLead': 'We are glad to hear from you through these channels.',

  'faqPage.filterLabel': 'Search the questions',
  'faqPage.filterPlaceholder': 'Type a word from a question or answer',
  'faqPage.count':
    '{count, plural, =0 {No matching questions} one {# question} two {# questions} few {# questions} many {# questions} other {# questions}}',
  'faqPage.loadFailed': 'The questions could not be loaded.',

  'smeRatePage.missingToken': 'The rating link is incomplete. Open the link exactly as you received it.',
  'smeRatePage.brand': 'Mashura, home page',

  'redirectionPage.title': 'Taking you there…',
  'redirectionPage.signedInAs': 'You are signed in as {name}.',
  'redirectionPage.otherPerson.title': 'Which account do you want to use?',
  'redirectionPage.otherPerson.text':
    'You are signed in as {current}. This link from the app would sign you in as {other}.',
  'redirectionPage.otherPerson.stay': 'Stay signed in as {current}',
  'redirectionPage.otherPerson.continue': 'Continue as {other}',
}
