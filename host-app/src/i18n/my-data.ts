/**
 * Host app messages: my-data (issue 34). Arabic first; both languages hold the same keys (tested in
 * `i18n/index.test.ts`).
 */
export const ar = {
  'myData.title': 'بياناتي',
  'myData.menu': 'بياناتي',
  'myData.intro':
    'يحق لك وفق نظام حماية البيانات الشخصية الحصول على نسخة من كل ما تحفظه مشورة عنك، ومعرفة من اطّلع على بيانات تواصلك.',
  'myData.exportTitle': 'نسخة من بياناتك',
  'myData.exportWhat':
    'ملف مضغوط (ZIP) فيه ملفك وشركاتك، وجلساتك وطلباتك، ومحادثاتك، والتوصيات، والتقييمات التي قدمتها، وملفاتك المرفوعة، وموافقاتك، وإشعاراتك، وسجل من اطّلع على بيانات تواصلك. نُعدّه في الخلفية ونخبرك بإشعار وبريد حين يجهز.',
  'myData.request': 'جهّز نسخة من بياناتي',
  'myData.requesting': 'جارٍ الطلب…',
  'myData.preparing': 'نُعدّ نسخة بياناتك الآن. ستصلك رسالة حين تجهز، ويمكنك مغادرة هذه الصفحة.',
  'myData.ready': 'نسخة بياناتك جاهزة ({size}). متاحة للتنزيل حتى {until}.',
  'myData.download': 'نزّل نسخة بياناتي',
  'myData.downloading': 'جارٍ التنزيل…',
  'myData.downloadFailed': 'تعذّر تنزيل الملف، حاول مرة أخرى.',
  'myData.failed': 'تعذّر إعداد النسخة السابقة. يمكنك طلب نسخة جديدة الآن.',
  'myData.expired': 'حُذفت النسخة السابقة بعد انتهاء مدتها.',
  'myData.nextAt': 'يمكنك طلب نسخة جديدة بعد {when}.',
  'myData.requestedAt': 'طُلبت في {when}.',
  'myData.accessesTitle': 'من اطّلع على بياناتي',
  'myData.accessesIntro':
    'كل مرة يطّلع فيها خبير أو موظف على بيانات تواصلك تُسجَّل هنا، مع طلباتك لنسخ بياناتك وتنزيلها وموافقاتك.',
  'myData.accessesEmpty': 'لم يطّلع أحد على بيانات تواصلك بعد.',
  'myData.kind.contactRead': '{name} ({role}) اطّلع على: {fields}',
  'myData.kind.exportRequested': 'طلبتَ نسخة من بياناتك',
  'myData.kind.exportDownloaded': 'نزّلتَ نسخة من بياناتك',
  'myData.kind.consent': 'وافقتَ على الشروط والأحكام',
  'myData.kind.other': '{name}: {action}',
  'myData.role.expert': 'خبير',
  'myData.role.admin': 'الإدارة',
  'myData.role.self': 'أنت',
  'myData.role.system': 'المنصة',
  'myData.field.email': 'البريد الإلكتروني',
  'myData.field.mobile': 'رقم الجوال',
  'myData.field.companies': 'الشركات',
  'myData.via': 'عبر:',
  'myData.session': 'الجلسة رقم {id}',
} as const satisfies Record<`myData.${string}`, string>

export const en = {
  'myData.title': 'My data',
  'myData.menu': 'My data',
  'myData.intro':
    'Under the Personal Data Protection Law you may have a copy of everything Mashura holds about you, and know who read your contact details.',
  'myData.exportTitle': 'A copy of your data',
  'myData.exportWhat':
    'A ZIP file with your profile and companies, your sessions and requests, your chats, the recommendations, the ratings you gave, your uploaded files, your consents, your notifications and the record of who read your contact details. We prepare it in the background and tell you by notice and e-mail when it is ready.',
  'myData.request': 'Prepare a copy of my data',
  'myData.requesting': 'Asking…',
  'myData.preparing':
    'We are preparing your copy now. You will get a message when it is ready; you can leave this page.',
  'myData.ready': 'Your copy is ready ({size}). You can download it until {until}.',
  'myData.download': 'Download my data',
  'myData.downloading': 'Downloading…',
  'myData.downloadFailed': 'The file could not be downloaded. Try again.',
  'myData.failed': 'The previous copy could not be prepared. You can ask for a new one now.',
  'myData.expired': 'The previous copy was deleted when its time ran out.',
  'myData.nextAt': 'You can ask for a new copy after {when}.',
  'myData.requestedAt': 'Asked for on {when}.',
  'myData.accessesTitle': 'Who used my data',
  'myData.accessesIntro':
    'Each time an expert or a staff member reads your contact details it is recorded here, with your exports, their downloads and your consents.',
  'myData.accessesEmpty': 'Nobody has read your contact details yet.',
  'myData.kind.contactRead': '{name} ({role}) read: {fields}',
  'myData.kind.exportRequested': 'You asked for a copy of your data',
  'myData.kind.exportDownloaded': 'You downloaded a copy of your data',
  'myData.kind.consent': 'You accepted the terms and conditions',
  'myData.kind.other': '{name}: {action}',
  'myData.role.expert': 'expert',
  'myData.role.admin': 'back office',
  'myData.role.self': 'you',
  'myData.role.system': 'the platform',
  'myData.field.email': 'e-mail',
  'myData.field.mobile': 'mobile number',
  'myData.field.companies': 'companies',
  'myData.via': 'Through:',
  'myData.session': 'Session {id}',
} as const satisfies Record<keyof typeof ar, string>
