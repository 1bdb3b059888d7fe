/**
 * The words of the generated reference tables and the live demos, in both languages of the site. The
 * manifest's descriptions are English; `arabicDescriptions` gives Arabic ones for the entries a partner
 * reads first (the attributes, properties and events); the rest (CSS properties and parts, detail fields)
 * are shown in English, marked `lang="en" dir="ltr"`.
 */
export type DocsLang = 'ar' | 'en'

export const labels = {
  ar: {
    name: 'الاسم',
    attribute: 'السمة',
    property: 'الخاصية',
    type: 'النوع',
    default: 'القيمة المبدئية',
    description: 'الوصف',
    event: 'الحدث',
    detail: 'نوع التفاصيل (detail)',
    field: 'الحقل',
    part: 'الجزء',
    cssProperty: 'الخاصية المخصّصة',
    none: 'لا يوجد.',
    propertyOnly: 'خاصية فقط (لا سمة)',
    reflects: 'السمة',
    kinds: {
      attributes: 'السمات',
      properties: 'الخصائص',
      events: 'الأحداث',
      cssProperties: 'خصائص CSS المخصّصة',
      cssParts: 'أجزاء CSS',
    },
    element: 'العنصر',
    counts: 'المحتوى',
    countsText: (a: number, e: number, c: number, p: number) =>
      `السمات: ${a}، الأحداث: ${e}، خصائص CSS: ${c}، الأجزاء: ${p}`,
    // The demos.
    server: 'الخادم (عنوان الواجهة البرمجية)',
    serverHint: 'تتصل العروض بهذا الخادم. يُحفظ العنوان في متصفحك، ويمكن تمريره في عنوان الصفحة أيضًا:',
    apply: 'تطبيق',
    reset: 'المبدئي',
    serverSaved: 'ستتصل العروض الآن بـ',
    widgetLanguage: 'لغة العنصر',
    showIn: { ar: 'اعرضه بالعربية', en: 'Show it in English' },
    log: 'سجل الأحداث',
    logEmpty: 'لم يُطلق أي حدث بعد.',
    clearLog: 'امسح السجل',
    theming: 'ساحة التنسيق',
    themingIntro: 'غيّر الخصائص المخصّصة في CSS وشاهد العنصر يتغيّر فورًا، ثم انسخ القواعد إلى صفحتك.',
    copy: 'انسخ CSS',
    copied: 'نُسخت القواعد.',
    resetTheme: 'أعد الألوان المبدئية',
    cssToCopy: 'CSS للنسخ',
    lowContrast: (ratio: string) =>
      `تنبيه: تباين هذا اللون مع الأبيض ${ratio}:1، أقل من 4.5:1 الذي يطلبه معيار WCAG AA للنصوص.`,
    radius: 'نصف قطر الحواف',
    fontScale: 'حجم الخط',
    colors: {
      '--mashura-color-primary': 'اللون الأساسي',
      '--mashura-color-secondary': 'اللون الثانوي',
      '--mashura-color-text': 'لون النص',
      '--mashura-color-surface': 'لون الخلفية',
      accent: 'لون التمييز لهذا العنصر',
    } as Record<string, string>,
  },
  en: {
    name: 'Name',
    attribute: 'Attribute',
    property: 'Property',
    type: 'Type',
    default: 'Default',
    description: 'Description',
    event: 'Event',
    detail: 'Detail type',
    field: 'Field',
    part: 'Part',
    cssProperty: 'Custom property',
    none: 'None.',
    propertyOnly: 'property only (no attribute)',
    reflects: 'attribute',
    kinds: {
      attributes: 'Attributes',
      properties: 'Properties',
      events: 'Events',
      cssProperties: 'CSS custom properties',
      cssParts: 'CSS parts',
    },
    element: 'Element',
    counts: 'Contents',
    countsText: (a: number, e: number, c: number, p: number) =>
      `Attributes: ${a}, events: ${e}, CSS properties: ${c}, parts: ${p}`,
    server: 'Server (API base)',
    serverHint:
      'The demos talk to this server. The address is kept in your browser, and can also be passed in the page address:',
    apply: 'Apply',
    reset: 'Default',
    serverSaved: 'The demos now talk to',
    widgetLanguage: 'Widget language',
    showIn: { ar: 'اعرضه بالعربية', en: 'Show it in English' },
    log: 'Event log',
    logEmpty: 'No event yet.',
    clearLog: 'Clear the log',
    theming: 'Theming playground',
    themingIntro:
      'Change the CSS custom properties and watch the widget follow at once, then copy the rules into your page.',
    copy: 'Copy CSS',
    copied: 'Copied.',
    resetTheme: 'Reset the theme',
    cssToCopy: 'CSS to copy',
    lowContrast: (ratio: string) =>
      `Note: this colour has a contrast of ${ratio}:1 on white, under the 4.5:1 WCAG AA asks of text.`,
    radius: 'Corner radius',
    fontScale: 'Font size',
    colors: {
      '--mashura-color-primary': 'Primary colour',
      '--mashura-color-secondary': 'Secondary colour',
      '--mashura-color-text': 'Text colour',
      '--mashura-color-surface': 'Background colour',
      accent: 'This widget’s accent colour',
    } as Record<string, string>,
  },
} as const

const shared: Record<string, string> = {
  'attr:api-base': 'عنوان الواجهة البرمجية (المبدئي `/api`، أو القيمة العامة للصفحة من `configureWidgets`).',
  'attr:api-key': 'مفتاح الواجهة البرمجية الخاص بالموقع المضيف.',
  'attr:lang': '`ar` (المبدئية، من اليمين إلى اليسار) أو `en` (من اليسار إلى اليمين).',
}

/**
 * Arabic descriptions by `<tag>:<attr|prop|event>:<name>`; `attr:` entries serve the property of the same
 * attribute too. A missing entry falls back to the manifest's English.
 */
export const arabicDescriptions: Record<string, string> = {
  ...Object.fromEntries(
    ['expert-search', 'booking-calendar', 'session-room', 'rate-form'].flatMap((tag) =>
      Object.entries(shared).map(([key, text]) => [`${tag}:${key}`, text]),
    ),
  ),
  'expert-search:attr:role':
    'نوع الخبراء المعروضين: `bsa` أو `advisor` أو `consultant` أو `partner`؛ وكل الأنواع عند غيابها. `role` هي أيضًا سمة ARIA، فيُفضَّل استعمال `expert-role`.',
  'expert-search:attr:expert-role':
    'مثل `role` تمامًا، باسم لا يتعارض مع سمة ARIA، وتتقدّم عليها إن وُضعتا معًا.',
  'expert-search:attr:subject': 'معرّف موضوع يُصفّى به في البداية.',
  'expert-search:attr:query': 'نص البحث الأوّلي؛ البحث الفارغ يُرسل مسافة واحدة.',
  'expert-search:attr:per-page': 'عدد النتائج في الصفحة (المبدئي 15، والحد الأقصى 100).',
  'expert-search:event:expert-selected': 'يُطلق حين يختار الزائر نتيجة؛ ويحمل الخبير ونوعه والموضوع.',
  'booking-calendar:attr:contributor-id':
    'الخبير الذي تُعرض مواعيده المتاحة. وبدونها (وقبل أن يختار البحث المتبوع خبيرًا) يدعو التقويم الزائر إلى اختيار خبير.',
  'booking-calendar:attr:for':
    'معرّف (`id`) عنصر `<expert-search>` في المستند نفسه يتبعه التقويم: اختيار خبير فيه يضبط `contributor-id` (و`subject-id` إن كان للبحث موضوع)، ثم يظهر التقويم وينتقل التركيز إلى عنوانه. لا حاجة معها إلى أي شيفرة.',
  'booking-calendar:attr:subject-id':
    'الموضوع المراد حجزه؛ وعند غيابها يُستعمل موضوع الخبير الوحيد، أو يختار الزائر من بين مواضيعه.',
  'booking-calendar:attr:session-href':
    'صفحة الجلسة المحجوزة، قالبًا فيه `{id}` مثل `https://mashura.example/session/{id}`؛ تربط بها نافذة نجاح الحجز، وإليها يشير رابط ملف `.ics` وموقعه للجلسة عن بُعد. وبدونها لا يظهر رابط.',
  'booking-calendar:attr:request-href':
    'مثل `session-href` لطلب الحجز عند المرشد (`https://mashura.example/request/{id}`). وبدونها لا يظهر رابط.',
  'booking-calendar:prop:token':
    'رمز الدخول الذي يُحجز به، للصفحات المضيفة التي تُدخل المستخدمين بنفسها. خاصية فقط ولا تكون سمة أبدًا حتى لا يظهر الرمز في DOM؛ تخصّ هذا العنصر وحده (ضعها على كل تقويم) وتبقى إن نُقل العنصر، واجعلها `null` لنسيانه. تضعها نافذة الدخول المنبثقة الخاصة بالعنصر (اقرأها لتستعمل الدخول في مكان آخر)، ويجعلها ردّ 401 على الحجز `null`.',
  'booking-calendar:event:booking-created': 'يُطلق حين يقبل الخادم الحجز.',
  'booking-calendar:event:sign-in-required':
    'يُطلق (قابلًا للإلغاء) حين يحاول زائر غير مسجّل الحجز أو يضغط «تسجيل الدخول». استدعِ `preventDefault()` لتُدخله بنفسك ثم ضع `token`؛ وإلا فتحت المنصة نافذة الدخول المنبثقة.',
  'session-room:attr:session-id': 'الجلسة المعروضة.',
  'session-room:attr:view':
    'الهوية التي ينظر بها الشخص المسجّل: `sme` (صاحب المنشأة، المبدئية) أو `contributor` (الخبير)؛ ومن له الهويتان يختار. (ليست `role`: فتلك على العنصر سمة ARIA.)',
  'session-room:attr:recommendations-href':
    'عنوان نموذج التوصيات، قالبًا مثل `/add-recommendations/{id}`؛ ينتقل إليه العنصر بعد انتهاء الاجتماع (مضيفًا `?endSession=true` إن كان النموذج سينهي الجلسة)، ما لم يُلغَ الحدث `recommendations-required`. وبدونها يكتفي العنصر بإطلاق الحدث.',
  'session-room:attr:revision':
    'أي رقم؛ كل قيمة جديدة تعيد تحميل تفاصيل الجلسة دون مغادرة الاجتماع. تضعها الصفحة التي تتابع تغيّرات الجلسة (موضوع `sessions` في القناة اللحظية)، فيظهر زر الانضمام لصاحب المنشأة حين يبدأ الخبير.',
  'session-room:prop:token':
    'رمز الدخول للشخص المسجّل، لهذا العنصر وحده. خاصية فقط ولا تكون سمة أبدًا، فلا يظهر الرمز في DOM. بدونه يعرض العنصر حالة «غير مسجّل»، وأي رد `401` يجعلها `null`.',
  'session-room:event:session-started': 'يُطلق حين يبدأ الخبير الاجتماع أو يستأنفه.',
  'session-room:event:session-ended': 'يُطلق حين ينهي الخبير الجلسة، ومعه السبب عند الإنهاء المبكر.',
  'session-room:event:session-cancelled':
    'يُطلق حين يلغي الخبير الجلسة، أو تلغيها صاحبة المنشأة بنفسها قبل موعد الإغلاق، ومعه معرّف سبب الإلغاء.',
  'session-room:event:session-rescheduled':
    'يُطلق حين تنقل صاحبة المنشأة جلستها إلى موعد متاح آخر لدى الخبير نفسه؛ ومعه البداية السابقة والجديدة والموعد الجديد.',
  'session-room:event:sme-marked-absent': 'يُطلق حين يسجّل الخبير غياب صاحب المنشأة.',
  'session-room:event:recommendations-required':
    'يُطلق حين يجب على الخبير كتابة التوصيات؛ و`endSession` صحيحة إن كانت الجلسة ستُنهى معها.',
  'rate-form:attr:token': 'رمز رابط التقييم؛ يُقرأ من `?token=` في عنوان الصفحة إن لم تُوضع السمة.',
  'rate-form:attr:rating-key': 'عبارة المرور التي يُفك بها تشفير رمز الوصول في رابط التقييم.',
  'rate-form:event:rating-submitted': 'يُطلق حين يقبل الخادم التقييم.',
}

/** The Arabic description of an entry, or null to show the manifest's English. */
export function arabicDescription(
  tag: string,
  kind: 'attr' | 'prop' | 'event',
  name: string,
  attribute?: string,
) {
  return (
    arabicDescriptions[`${tag}:${kind}:${name}`] ??
    (kind === 'prop' && attribute ? arabicDescriptions[`${tag}:attr:${attribute}`] : undefined) ??
    null
  )
}
