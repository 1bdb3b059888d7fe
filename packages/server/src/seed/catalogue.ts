/**
 * The fixed part of the demo data: subjects, centers and offices, the wording of
 * titles and bios, settings texts, FAQs, cancel reasons and companies. Arabic
 * first, with the English a person would read on the English site.
 */
import type { ContributorKind } from '@mashura/core'

/** A subject with the phrases that titles and bios are written from. */
export interface SubjectSeed {
  name_ar: string
  name_en: string
  type: 1 | 2 | 4
  bsa: 0 | 1
  /** The field, after "في" in a title or bio ("التمويل"). */
  field_ar: string
  /** The field in English, after "in" ("financing"). */
  field_en: string
  /** What the expert helps with, after "يساعد أصحاب المنشآت على". */
  help_ar: string
  /** What the expert helps with, after "Helps small businesses". */
  help_en: string
}

/** The subjects: 1 consulting, 2 guidance, 4 partnerships; some serve the business-support (bsa) track. */
export const SUBJECTS: readonly SubjectSeed[] = [
  {
    name_ar: 'التمويل وإدارة التدفقات النقدية',
    name_en: 'Financing and cash-flow management',
    type: 1,
    bsa: 1,
    field_ar: 'التمويل',
    field_en: 'financing',
    help_ar: 'إعداد ملفات التمويل والتفاوض مع الجهات الممولة وضبط التدفقات النقدية',
    help_en: 'prepare financing applications, negotiate with lenders and keep cash flow under control',
  },
  {
    name_ar: 'التسويق الرقمي',
    name_en: 'Digital marketing',
    type: 1,
    bsa: 1,
    field_ar: 'التسويق الرقمي',
    field_en: 'digital marketing',
    help_ar: 'بناء حضور فعّال على منصات التواصل وقياس عائد الحملات الإعلانية',
    help_en: 'build an effective social-media presence and measure the return on ad campaigns',
  },
  {
    name_ar: 'الامتياز التجاري',
    name_en: 'Franchising',
    type: 1,
    bsa: 0,
    field_ar: 'الامتياز التجاري',
    field_en: 'franchising',
    help_ar: 'تقييم جاهزية العلامة للامتياز وإعداد دليل التشغيل وعقود الامتياز',
    help_en: 'assess franchise readiness and prepare operations manuals and franchise agreements',
  },
  {
    name_ar: 'التصدير والأسواق الدولية',
    name_en: 'Exporting and international markets',
    type: 1,
    bsa: 0,
    field_ar: 'التصدير',
    field_en: 'exporting',
    help_ar: 'اختيار الأسواق المستهدفة واستيفاء متطلبات التصدير والشهادات',
    help_en: 'choose target markets and meet export requirements and certifications',
  },
  {
    name_ar: 'الحوكمة',
    name_en: 'Corporate governance',
    type: 1,
    bsa: 0,
    field_ar: 'الحوكمة',
    field_en: 'governance',
    help_ar: 'وضع السياسات واللوائح الداخلية وتنظيم العلاقة بين الشركاء',
    help_en: 'set internal policies and regulations and organise the relationship between partners',
  },
  {
    name_ar: 'الموارد البشرية',
    name_en: 'Human resources',
    type: 1,
    bsa: 1,
    field_ar: 'الموارد البشرية',
    field_en: 'human resources',
    help_ar: 'التوظيف وبناء الهيكل التنظيمي والالتزام بنسب التوطين',
    help_en: 'hire, build an organisational structure and meet Saudisation targets',
  },
  {
    name_ar: 'الشؤون القانونية والعقود',
    name_en: 'Legal affairs and contracts',
    type: 1,
    bsa: 0,
    field_ar: 'الشؤون القانونية',
    field_en: 'legal affairs',
    help_ar: 'صياغة العقود التجارية وحماية العلامة التجارية وتسوية النزاعات',
    help_en: 'draft commercial contracts, protect their trademarks and settle disputes',
  },
  {
    name_ar: 'المحاسبة والزكاة والضريبة',
    name_en: 'Accounting, zakat and tax',
    type: 1,
    bsa: 1,
    field_ar: 'المحاسبة والزكاة',
    field_en: 'accounting and zakat',
    help_ar: 'تنظيم الدفاتر المحاسبية وتقديم إقرارات الزكاة وضريبة القيمة المضافة',
    help_en: 'keep their books in order and file zakat and VAT returns',
  },
  {
    name_ar: 'التجارة الإلكترونية',
    name_en: 'E-commerce',
    type: 1,
    bsa: 0,
    field_ar: 'التجارة الإلكترونية',
    field_en: 'e-commerce',
    help_ar: 'إطلاق المتاجر الإلكترونية وربطها بحلول الدفع والشحن',
    help_en: 'launch online stores and connect them to payment and shipping services',
  },
  {
    name_ar: 'إعداد خطة العمل',
    name_en: 'Writing a business plan',
    type: 2,
    bsa: 1,
    field_ar: 'خطط العمل',
    field_en: 'business plans',
    help_ar: 'صياغة خطة عمل واضحة بأهداف قابلة للقياس',
    help_en: 'write a clear business plan with measurable goals',
  },
  {
    name_ar: 'دراسة الجدوى',
    name_en: 'Feasibility studies',
    type: 2,
    bsa: 1,
    field_ar: 'دراسات الجدوى',
    field_en: 'feasibility studies',
    help_ar: 'دراسة السوق وتقدير التكاليف والإيرادات قبل اتخاذ قرار الاستثمار',
    help_en: 'study the market and estimate costs and revenue before deciding to invest',
  },
  {
    name_ar: 'ريادة الأعمال للمبتدئين',
    name_en: 'Entrepreneurship for beginners',
    type: 2,
    bsa: 0,
    field_ar: 'ريادة الأعمال',
    field_en: 'entrepreneurship',
    help_ar: 'تحويل الفكرة إلى مشروع قائم واختبارها مع العملاء الأوائل',
    help_en: 'turn an idea into a running business and test it with the first customers',
  },
  {
    name_ar: 'التحول الرقمي',
    name_en: 'Digital transformation',
    type: 2,
    bsa: 0,
    field_ar: 'التحول الرقمي',
    field_en: 'digital transformation',
    help_ar: 'أتمتة العمليات واختيار الأنظمة السحابية المناسبة',
    help_en: 'automate their processes and choose the right cloud systems',
  },
  {
    name_ar: 'إدارة المشاريع',
    name_en: 'Project management',
    type: 2,
    bsa: 0,
    field_ar: 'إدارة المشاريع',
    field_en: 'project management',
    help_ar: 'تخطيط المشاريع ومتابعة التنفيذ وإدارة المخاطر',
    help_en: 'plan projects, follow delivery and manage risk',
  },
  {
    name_ar: 'تطوير المنتجات والخدمات',
    name_en: 'Product and service development',
    type: 2,
    bsa: 0,
    field_ar: 'تطوير المنتجات',
    field_en: 'product development',
    help_ar: 'تطوير منتجات تلبي احتياج العملاء وتسعيرها بشكل صحيح',
    help_en: 'develop products that meet customer needs and price them right',
  },
  {
    name_ar: 'الجودة وخدمة العملاء',
    name_en: 'Quality and customer service',
    type: 2,
    bsa: 0,
    field_ar: 'الجودة وخدمة العملاء',
    field_en: 'quality and customer service',
    help_ar: 'رفع رضا العملاء وبناء إجراءات جودة بسيطة وفعالة',
    help_en: 'raise customer satisfaction and build simple, effective quality procedures',
  },
  {
    name_ar: 'المشتريات الحكومية',
    name_en: 'Government procurement',
    type: 4,
    bsa: 0,
    field_ar: 'المشتريات الحكومية',
    field_en: 'government procurement',
    help_ar: 'التأهل للمنافسات الحكومية والاستفادة من منصة اعتماد',
    help_en: 'qualify for government tenders and make use of the Etimad platform',
  },
  {
    name_ar: 'الشراكات مع الشركات الكبرى',
    name_en: 'Partnerships with large companies',
    type: 4,
    bsa: 0,
    field_ar: 'الشراكات المؤسسية',
    field_en: 'corporate partnerships',
    help_ar: 'الدخول في سلاسل توريد الشركات الكبرى وبناء شراكات طويلة الأمد',
    help_en: "enter large companies' supply chains and build long-term partnerships",
  },
  {
    name_ar: 'الاستثمار الجريء',
    name_en: 'Venture capital',
    type: 4,
    bsa: 0,
    field_ar: 'الاستثمار الجريء',
    field_en: 'venture capital',
    help_ar: 'تجهيز العرض الاستثماري والتفاوض مع المستثمرين على التقييم',
    help_en: 'prepare an investor pitch and negotiate valuation with investors',
  },
  {
    name_ar: 'سلاسل الإمداد والمحتوى المحلي',
    name_en: 'Supply chains and local content',
    type: 4,
    bsa: 1,
    field_ar: 'المحتوى المحلي',
    field_en: 'local content',
    help_ar: 'رفع نسبة المحتوى المحلي وبناء علاقات مع الموردين المحليين',
    help_en: 'raise their local-content share and build relationships with local suppliers',
  },
  {
    name_ar: 'الحاضنات والمسرعات',
    name_en: 'Incubators and accelerators',
    type: 4,
    bsa: 0,
    field_ar: 'برامج الاحتضان والتسريع',
    field_en: 'incubation and acceleration programmes',
    help_ar: 'اختيار برنامج الاحتضان أو التسريع المناسب والاستعداد للقبول فيه',
    help_en: 'choose the right incubation or acceleration programme and prepare to be accepted',
  },
]

/** Which subjects an expert of each kind advises on. */
export function subjectFitsKind(subject: SubjectSeed, kind: ContributorKind): boolean {
  switch (kind) {
    case 'consultant':
      return subject.type === 1
    case 'advisor':
      return subject.type === 2
    case 'partner':
      return subject.type === 4
    case 'bsa':
      return subject.bsa === 1
  }
}

/** How each kind of expert is titled: "{role} في {field}". */
export const KIND_ROLES: Record<ContributorKind, { male: string; female: string; en: string }> = {
  consultant: { male: 'مستشار', female: 'مستشارة', en: 'Consultant' },
  advisor: { male: 'مرشد أعمال', female: 'مرشدة أعمال', en: 'Business advisor' },
  partner: { male: 'خبير شراكات', female: 'خبيرة شراكات', en: 'Partnerships expert' },
  bsa: {
    male: 'مستشار مراكز دعم المنشآت',
    female: 'مستشارة مراكز دعم المنشآت',
    en: 'Business support advisor',
  },
}

/** An office of a center. */
export interface OfficeSeed {
  name_ar: string
  name_en: string
  address_ar: string
  address_en: string
}

/** A business-support center and its offices. */
export interface CenterSeed {
  name_ar: string
  name_en: string
  city_ar: string
  city_en: string
  offices: readonly OfficeSeed[]
}

/** The centers, in seven Saudi cities. */
export const CENTERS: readonly CenterSeed[] = [
  {
    name_ar: 'مركز دعم المنشآت بالرياض',
    name_en: 'Riyadh Business Support Center',
    city_ar: 'الرياض',
    city_en: 'Riyadh',
    offices: [
      {
        name_ar: 'مكتب العليا',
        name_en: 'Olaya office',
        address_ar: 'طريق الملك فهد، حي العليا، الرياض 12214',
        address_en: 'King Fahd Road, Al Olaya, Riyadh 12214',
      },
      {
        name_ar: 'مكتب الملقا',
        name_en: 'Al Malqa office',
        address_ar: 'طريق أنس بن مالك، حي الملقا، الرياض 13521',
        address_en: 'Anas Ibn Malik Road, Al Malqa, Riyadh 13521',
      },
      {
        name_ar: 'مكتب الروابي',
        name_en: 'Al Rawabi office',
        address_ar: 'طريق الأمير سعد بن عبدالرحمن الأول، حي الروابي، الرياض 14214',
        address_en: 'Prince Saad Ibn Abdulrahman Al Awal Road, Al Rawabi, Riyadh 14214',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت بجدة',
    name_en: 'Jeddah Business Support Center',
    city_ar: 'جدة',
    city_en: 'Jeddah',
    offices: [
      {
        name_ar: 'مكتب الروضة',
        name_en: 'Al Rawdah office',
        address_ar: 'شارع الأمير سلطان، حي الروضة، جدة 23435',
        address_en: 'Prince Sultan Street, Al Rawdah, Jeddah 23435',
      },
      {
        name_ar: 'مكتب الشاطئ',
        name_en: 'Ash Shati office',
        address_ar: 'طريق الكورنيش، حي الشاطئ، جدة 23613',
        address_en: 'Corniche Road, Ash Shati, Jeddah 23613',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت بالدمام',
    name_en: 'Dammam Business Support Center',
    city_ar: 'الدمام',
    city_en: 'Dammam',
    offices: [
      {
        name_ar: 'مكتب الفيصلية',
        name_en: 'Al Faisaliyah office',
        address_ar: 'طريق الملك سعود، حي الفيصلية، الدمام 32272',
        address_en: 'King Saud Road, Al Faisaliyah, Dammam 32272',
      },
      {
        name_ar: 'مكتب الشاطئ الغربي',
        name_en: 'Western Corniche office',
        address_ar: 'طريق الخليج، حي الشاطئ الغربي، الدمام 32413',
        address_en: 'Gulf Road, Ash Shati Al Gharbi, Dammam 32413',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت بمكة المكرمة',
    name_en: 'Makkah Business Support Center',
    city_ar: 'مكة المكرمة',
    city_en: 'Makkah',
    offices: [
      {
        name_ar: 'مكتب العزيزية',
        name_en: 'Al Aziziyah office',
        address_ar: 'شارع عبدالله عريف، حي العزيزية، مكة المكرمة 24243',
        address_en: 'Abdullah Arif Street, Al Aziziyah, Makkah 24243',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت بالمدينة المنورة',
    name_en: 'Madinah Business Support Center',
    city_ar: 'المدينة المنورة',
    city_en: 'Madinah',
    offices: [
      {
        name_ar: 'مكتب قباء',
        name_en: 'Quba office',
        address_ar: 'طريق قباء، حي قباء، المدينة المنورة 42318',
        address_en: 'Quba Road, Quba, Madinah 42318',
      },
      {
        name_ar: 'مكتب العزيزية',
        name_en: 'Al Aziziyah office',
        address_ar: 'طريق الملك عبدالله، حي العزيزية، المدينة المنورة 42381',
        address_en: 'King Abdullah Road, Al Aziziyah, Madinah 42381',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت بأبها',
    name_en: 'Abha Business Support Center',
    city_ar: 'أبها',
    city_en: 'Abha',
    offices: [
      {
        name_ar: 'مكتب المنسك',
        name_en: 'Al Mansak office',
        address_ar: 'طريق الملك فيصل، حي المنسك، أبها 62421',
        address_en: 'King Faisal Road, Al Mansak, Abha 62421',
      },
    ],
  },
  {
    name_ar: 'مركز دعم المنشآت ببريدة',
    name_en: 'Buraydah Business Support Center',
    city_ar: 'بريدة',
    city_en: 'Buraydah',
    offices: [
      {
        name_ar: 'مكتب الريان',
        name_en: 'Al Rayyan office',
        address_ar: 'طريق الملك عبدالعزيز، حي الريان، بريدة 52367',
        address_en: 'King Abdulaziz Road, Al Rayyan, Buraydah 52367',
      },
      {
        name_ar: 'مكتب الصفراء',
        name_en: 'As Safra office',
        address_ar: 'طريق عثمان بن عفان، حي الصفراء، بريدة 52385',
        address_en: 'Othman Ibn Affan Road, As Safra, Buraydah 52385',
      },
    ],
  },
]

/** The first digits of commercial registration numbers, by city (as the Ministry of Commerce issues them). */
export const CR_PREFIX_BY_CITY: Record<string, string> = {
  الرياض: '1010',
  جدة: '4030',
  الدمام: '2050',
  'مكة المكرمة': '4031',
  'المدينة المنورة': '4650',
  أبها: '5850',
  بريدة: '1131',
}

/** Names of demo companies (companies have one name column; these are Arabic trade names). */
export const COMPANY_NAMES: readonly string[] = [
  'مؤسسة نخلة الواحة للتمور',
  'شركة سحابة الحلول التقنية',
  'مقهى ركن القهوة المختصة',
  'متجر أناقة للأزياء المحتشمة',
  'مصنع الخزامى للعطور',
  'مطبخ بيت الجدة للمأكولات الشعبية',
  'شركة مسار للخدمات اللوجستية',
  'مركز رؤية للتدريب والتطوير',
  'استوديو ضوء للتصميم الإبداعي',
  'مزارع السنابل العضوية',
  'مؤسسة بناء المستقبل للمقاولات',
  'شركة نبض للتطبيقات الصحية',
  'محمصة حبة البن',
  'مؤسسة لمسة للمنتجات اليدوية',
]

/** What business owners write when booking. */
export const BOOKING_NOTES: readonly string[] = [
  'أرغب في مراجعة خطة التمويل قبل التقديم على قرض من بنك التنمية الاجتماعية.',
  'نحتاج إلى خطة تسويق رقمي لإطلاق متجرنا الإلكتروني الشهر القادم.',
  'أفكر في منح امتياز تجاري لفرعين جديدين وأحتاج رأيًا في الجاهزية.',
  'أرغب في التصدير إلى دول الخليج وأحتاج معرفة المتطلبات.',
  'لدينا خلاف بين الشركاء حول توزيع الأرباح ونحتاج إلى لائحة حوكمة.',
  'أحتاج مساعدة في إعداد عقود العمل ونسب التوطين المطلوبة.',
  'استفسار عن إقرار ضريبة القيمة المضافة للربع الحالي.',
  'أحتاج مراجعة دراسة الجدوى لمشروع مقهى في حي سكني.',
  'كيف أتأهل للمنافسات الحكومية على منصة اعتماد؟',
  'نبحث عن شريك استراتيجي لتوسيع خط الإنتاج.',
]

/** Reasons a contributor may give for cancelling; the last one needs the contributor's own words. */
export const CANCEL_REASONS: readonly { label_ar: string; label_en: string; requires_details: 0 | 1 }[] = [
  { label_ar: 'ظرف طارئ', label_en: 'An emergency', requires_details: 0 },
  { label_ar: 'تعارض مع موعد آخر', label_en: 'A clash with another appointment', requires_details: 0 },
  {
    label_ar: 'الموضوع خارج نطاق تخصصي',
    label_en: 'The topic is outside my field',
    requires_details: 0,
  },
  { label_ar: 'مشكلة تقنية في الاتصال', label_en: 'A technical problem with the call', requires_details: 0 },
  { label_ar: 'سبب آخر', label_en: 'Another reason', requires_details: 1 },
]

/** The FAQ, in display order. */
export const FAQS: readonly {
  question_ar: string
  question_en: string
  answer_ar: string
  answer_en: string
}[] = [
  {
    question_ar: 'ما منصة مشورة؟',
    question_en: 'What is Mashura?',
    answer_ar:
      'منصة تتيح لأصحاب المنشآت الصغيرة والمتوسطة حجز جلسات استشارية وإرشادية مع خبراء معتمدين، حضوريًا في مراكز دعم المنشآت أو عن بُعد.',
    answer_en:
      'A platform where small and medium business owners book consulting and advisory sessions with accredited experts, in person at a business support center or online.',
  },
  {
    question_ar: 'هل الجلسات مجانية؟',
    question_en: 'Are the sessions free?',
    answer_ar: 'نعم، جميع الجلسات المتاحة عبر المنصة مقدمة دون مقابل لأصحاب المنشآت.',
    answer_en: 'Yes, every session offered on the platform is free of charge for business owners.',
  },
  {
    question_ar: 'كيف أحجز جلسة؟',
    question_en: 'How do I book a session?',
    answer_ar:
      'سجّل دخولك، ثم ابحث عن المجال أو اسم الخبير، واختر موعدًا متاحًا وطريقة التواصل المناسبة، ثم أكّد الحجز.',
    answer_en:
      'Sign in, search for a field or an expert by name, choose a free time and the way you want to meet, then confirm the booking.',
  },
  {
    question_ar: 'ما الفرق بين المستشار والمرشد؟',
    question_en: 'What is the difference between a consultant and an advisor?',
    answer_ar:
      'المستشار يقدّم رأيًا متخصصًا في مشكلة محددة، والمرشد يرافقك في بناء مشروعك وتطويره. طلبات الإرشاد تحتاج إلى قبول المرشد قبل تأكيدها.',
    answer_en:
      'A consultant gives specialist advice on a specific problem; an advisor guides you as you build and grow your business. Advisory requests must be accepted by the advisor before they are confirmed.',
  },
  {
    question_ar: 'ماذا يحدث إذا أُلغيت الجلسة؟',
    question_en: 'What happens if a session is cancelled?',
    answer_ar:
      'إذا اضطر الخبير إلى إلغاء الجلسة يذكر السبب، وتظهر الجلسة ملغاة في قائمة جلساتك لتحجز موعدًا آخر يناسبك.',
    answer_en:
      'If the expert has to cancel, they give a reason and the session shows as cancelled in your sessions, so you can book another time that suits you.',
  },
  {
    question_ar: 'كيف أحضر الجلسة عن بُعد؟',
    question_en: 'How do I join an online session?',
    answer_ar:
      'عند حلول موعد الجلسة يظهر زر الانضمام في صفحة تفاصيلها. يُفضّل استخدام أحدث إصدار من متصفح كروم أو فايرفوكس.',
    answer_en:
      'When the session is due, a join button appears on its details page. The latest Chrome or Firefox works best.',
  },
  {
    question_ar: 'ماذا يحدث إذا لم أحضر الجلسة؟',
    question_en: 'What happens if I miss a session?',
    answer_ar:
      'يسجّل الخبير غيابك، وتظهر الجلسة في سجلك بحالة "غياب صاحب المنشأة". احرص على حجز موعد تستطيع الالتزام به.',
    answer_en:
      'The expert records your absence and the session shows in your history as "business owner absent". Please book a time you are sure you can keep.',
  },
  {
    question_ar: 'أين أجد توصيات الخبير بعد الجلسة؟',
    question_en: "Where do I find the expert's recommendations after a session?",
    answer_ar: 'تظهر التوصيات في صفحة تفاصيل الجلسة ضمن سجل جلساتك بعد أن يكتبها الخبير.',
    answer_en:
      'They appear on the session details page in your session history once the expert has written them.',
  },
  {
    question_ar: 'كيف أقيّم الجلسة؟',
    question_en: 'How do I rate a session?',
    answer_ar: 'يصلك بعد انتهاء الجلسة رابط تقييم خاص بها، ويمكنك استخدامه مرة واحدة.',
    answer_en: 'After the session ends you receive a rating link for it, which you can use once.',
  },
  {
    question_ar: 'كيف أطلب حذف حسابي؟',
    question_en: 'How do I ask for my account to be deleted?',
    answer_ar: 'اختر "طلب حذف الحساب" من أسفل الصفحة، واكتب السبب، ثم أرسل الطلب ليُراجع.',
    answer_en:
      'Choose "Request account deletion" at the bottom of the page, write the reason and send the request for review.',
  },
]

/** The working hours contributors publish slots in (core's `WorkingHours`). */
export const WORKING_HOURS = {
  time_zone: 'Asia/Riyadh',
  slot_minutes: 60,
  days: [0, 1, 2, 3, 4].map((day) => ({ day, start: '09:00', end: '17:00' })),
} as const

/** The site settings, by key, in both languages. */
export const SETTINGS: Readonly<Record<string, { ar: string; en: string }>> = {
  about_us: {
    ar: 'مشورة منصة حكومية لدعم المنشآت الصغيرة والمتوسطة، تربط أصحاب المنشآت بنخبة من المستشارين والمرشدين وخبراء الشراكات. نهدف إلى تمكين رواد الأعمال من اتخاذ قرارات أفضل في التمويل والتسويق والتوسع، عبر جلسات مجانية حضورية في مراكز دعم المنشآت في مختلف مناطق المملكة أو عن بُعد.',
    en: 'Mashura is a government platform for small and medium businesses that connects business owners with selected consultants, advisors and partnership experts. We help entrepreneurs make better decisions on financing, marketing and growth through free sessions, in person at business support centers across the Kingdom or online.',
  },
  terms_and_conditions: {
    ar: [
      '١. تُقدَّم الجلسات مجانًا لأصحاب المنشآت المسجلين في المنصة.',
      '٢. يلتزم صاحب المنشأة بحضور الجلسة في موعدها.',
      '٣. الآراء المقدمة في الجلسات استشارية ولا تُعد التزامًا على الخبير أو الجهة.',
      '٤. يُمنع تسجيل الجلسات أو نشر محتواها دون موافقة الطرفين.',
      '٥. تُعالج البيانات الشخصية وفق نظام حماية البيانات الشخصية في المملكة العربية السعودية.',
    ].join('\n'),
    en: [
      '1. Sessions are free for business owners registered on the platform.',
      '2. Business owners attend their sessions on time.',
      '3. Advice given in sessions is advisory and binds neither the expert nor the agency.',
      '4. Sessions may not be recorded or published without both parties’ consent.',
      '5. Personal data is processed under the Personal Data Protection Law of Saudi Arabia.',
    ].join('\n'),
  },
  terms_and_conditions_contributor: {
    ar: [
      '١. يلتزم الخبير بنشر مواعيد يستطيع الوفاء بها، وبالحضور في الموعد.',
      '٢. يحافظ الخبير على سرية معلومات المنشآت التي يطّلع عليها.',
      '٣. لا يجوز للخبير طلب مقابل مالي من صاحب المنشأة أو الترويج لخدماته الخاصة خلال الجلسة.',
      '٤. يكتب الخبير توصياته خلال ٤٨ ساعة من انتهاء الجلسة.',
      '٥. يحق للجهة إيقاف حساب الخبير عند مخالفة هذه الشروط.',
    ].join('\n'),
    en: [
      '1. Experts publish only times they can keep, and attend on time.',
      "2. Experts keep the businesses' information they see confidential.",
      '3. Experts may not ask business owners for payment or promote their own services during a session.',
      '4. Experts write their recommendations within 48 hours of the session ending.',
      '5. The agency may suspend an expert who breaks these terms.',
    ].join('\n'),
  },
  mentor_url: {
    ar: 'https://www.youtube.com/watch?v=M4shUr4Ar01',
    en: 'https://www.youtube.com/watch?v=M4shUr4En01',
  },
  contact_mobile: { ar: '+966555123456', en: '+966555123456' },
  contact_email: { ar: 'care@mashura.example.sa', en: 'care@mashura.example.sa' },
  contact_whatsapp: { ar: '+966555123457', en: '+966555123457' },
  working_hours: { ar: JSON.stringify(WORKING_HOURS), en: JSON.stringify(WORKING_HOURS) },
}
