/**
 * The academy courses and platform services served when no real integration is configured
 * (INTEGRATION_BASE_URL unset): what a Saudi small-business support agency typically offers.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables.ts'

const ACADEMY = 'https://academy.mashura.sa/courses'
const SERVICES = 'https://services.mashura.sa/services'

/** A course: Arabic and English title and description, a slug for its address, and its length in hours. */
type Course = [
  titleAr: string,
  titleEn: string,
  descriptionAr: string,
  descriptionEn: string,
  slug: string,
  hours: number,
]

/** The categories and their courses. */
export const ACADEMY_CATALOGUE: { nameAr: string; nameEn: string; courses: Course[] }[] = [
  {
    nameAr: 'ريادة الأعمال',
    nameEn: 'Entrepreneurship',
    courses: [
      [
        'من الفكرة إلى المشروع',
        'From idea to venture',
        'كيف تختبر فكرتك في السوق السعودي قبل أن تستثمر فيها.',
        'How to test your idea in the Saudi market before investing in it.',
        'idea-to-venture',
        6,
      ],
      [
        'كتابة خطة العمل',
        'Writing a business plan',
        'خطة عمل مقنعة للممولين والشركاء، خطوة بخطوة.',
        'A business plan that convinces funders and partners, step by step.',
        'business-plan',
        8,
      ],
      [
        'نموذج العمل التجاري',
        'The business model canvas',
        'ارسم نموذج عملك على صفحة واحدة وراجعه مع فريقك.',
        'Map your business model on one page and review it with your team.',
        'business-model-canvas',
        4,
      ],
      [
        'التسجيل النظامي للمنشأة',
        'Registering your business',
        'السجل التجاري، والتراخيص البلدية، والتسجيل في التأمينات والزكاة.',
        'Commercial registration, municipal licences, GOSI and ZATCA registration.',
        'registering-your-business',
        3,
      ],
    ],
  },
  {
    nameAr: 'الإدارة المالية',
    nameEn: 'Financial management',
    courses: [
      [
        'أساسيات المحاسبة للمنشآت الصغيرة',
        'Accounting basics for small businesses',
        'القيود اليومية، والقوائم المالية، وفصل حساب المنشأة عن الحساب الشخصي.',
        'Journal entries, financial statements and keeping business and personal money apart.',
        'accounting-basics',
        10,
      ],
      [
        'الفوترة الإلكترونية وضريبة القيمة المضافة',
        'E-invoicing and VAT',
        'متطلبات هيئة الزكاة والضريبة والجمارك للفوترة الإلكترونية والإقرارات.',
        "ZATCA's e-invoicing (Fatoora) requirements and VAT returns.",
        'e-invoicing-vat',
        5,
      ],
      [
        'إدارة التدفق النقدي',
        'Managing cash flow',
        'توقّع السيولة وتجنّب العجز في الأشهر الصعبة.',
        'Forecast cash and avoid shortfalls in the lean months.',
        'cash-flow',
        6,
      ],
      [
        'التسعير والربحية',
        'Pricing and profitability',
        'احسب تكلفتك الحقيقية وسعّر منتجك بما يحقق هامش ربح مستدام.',
        'Work out your true costs and price for a sustainable margin.',
        'pricing-profitability',
        4,
      ],
    ],
  },
  {
    nameAr: 'التسويق والمبيعات',
    nameEn: 'Marketing and sales',
    courses: [
      [
        'التسويق الرقمي للمبتدئين',
        'Digital marketing for beginners',
        'وسائل التواصل الاجتماعي، والإعلانات المدفوعة، وقياس النتائج.',
        'Social media, paid ads and measuring what works.',
        'digital-marketing',
        8,
      ],
      [
        'بناء العلامة التجارية',
        'Building your brand',
        'هوية واضحة ورسالة تميّزك عن المنافسين.',
        'A clear identity and a message that sets you apart.',
        'brand-building',
        5,
      ],
      [
        'البيع عبر المتاجر الإلكترونية',
        'Selling through online stores',
        'إطلاق متجر إلكتروني وربطه بالدفع والشحن داخل المملكة.',
        'Launch an online store with payments and delivery across the Kingdom.',
        'online-stores',
        6,
      ],
      [
        'مهارات التفاوض والبيع',
        'Negotiation and sales skills',
        'من أول تواصل مع العميل حتى إغلاق الصفقة.',
        'From the first contact with a client to closing the deal.',
        'negotiation-sales',
        4,
      ],
    ],
  },
  {
    nameAr: 'التمويل والاستثمار',
    nameEn: 'Funding and investment',
    courses: [
      [
        'مصادر تمويل المنشآت الصغيرة والمتوسطة',
        'Funding sources for SMEs',
        'القروض، وبرامج ضمان التمويل، والتمويل الجماعي، والمستثمرون الملائكيون.',
        'Loans, loan-guarantee programmes, crowdfunding and angel investors.',
        'sme-funding-sources',
        5,
      ],
      [
        'الاستعداد للاستثمار',
        'Getting investment-ready',
        'العرض التقديمي للمستثمرين، والتقييم، وما يبحث عنه المستثمر.',
        'The investor pitch, valuation and what investors look for.',
        'investment-ready',
        6,
      ],
      [
        'دراسة الجدوى الاقتصادية',
        'Feasibility studies',
        'تقدير السوق والتكاليف والعائد قبل اتخاذ القرار.',
        'Estimate the market, costs and return before you decide.',
        'feasibility-study',
        8,
      ],
      [
        'المشتريات والمنافسات الحكومية',
        'Government procurement and tenders',
        'كيف تتأهل للمنافسات الحكومية عبر منصة اعتماد.',
        'How to qualify for government tenders through the Etimad platform.',
        'government-tenders',
        4,
      ],
    ],
  },
  {
    nameAr: 'الموارد البشرية والعمليات',
    nameEn: 'People and operations',
    courses: [
      [
        'التوظيف ونظام العمل',
        'Hiring and the labour law',
        'العقود، ونطاقات، والتزامات صاحب العمل في نظام العمل السعودي.',
        "Contracts, Nitaqat and an employer's duties under the Saudi labour law.",
        'hiring-labour-law',
        5,
      ],
      [
        'بناء فريق عمل ناجح',
        'Building a strong team',
        'الأدوار، والتحفيز، وتقييم الأداء في فريق صغير.',
        'Roles, motivation and performance reviews in a small team.',
        'team-building',
        4,
      ],
      [
        'إدارة المخزون وسلاسل الإمداد',
        'Inventory and supply chains',
        'اختيار الموردين، ومستويات المخزون، وتقليل الهدر.',
        'Choosing suppliers, stock levels and cutting waste.',
        'inventory-supply',
        6,
      ],
      [
        'التحول الرقمي للمنشأة',
        'Going digital',
        'أنظمة المحاسبة ونقاط البيع وإدارة العملاء السحابية.',
        'Cloud accounting, point of sale and customer management systems.',
        'going-digital',
        5,
      ],
    ],
  },
]

/** The platform services: Arabic and English name and description, and a slug for the address. */
export const PLATFORM_SERVICES: [
  nameAr: string,
  nameEn: string,
  descriptionAr: string,
  descriptionEn: string,
  slug: string,
][] = [
  [
    'استشارة فنية',
    'Expert consultation',
    'جلسة مع خبير في مجال منشأتك لتشخيص التحديات ووضع خطة عمل.',
    'A session with an expert in your field to diagnose challenges and plan next steps.',
    'consultation',
  ],
  [
    'برنامج كفالة التمويل',
    'Loan guarantee programme',
    'ضمان جزء من التمويل البنكي للمنشآت الصغيرة والمتوسطة.',
    'A guarantee on part of the bank financing of small and medium businesses.',
    'loan-guarantee',
  ],
  [
    'استرداد الرسوم الحكومية',
    'Government fee refunds',
    'استرداد بعض الرسوم الحكومية للمنشآت الناشئة في سنواتها الأولى.',
    'Refunds of some government fees for young businesses in their first years.',
    'fee-refunds',
  ],
  [
    'حاضنات ومسرّعات الأعمال',
    'Incubators and accelerators',
    'برامج احتضان وتسريع تربطك بالمرشدين والمستثمرين.',
    'Incubation and acceleration programmes that connect you with mentors and investors.',
    'incubators',
  ],
  [
    'مراكز دعم المنشآت',
    'Business support centres',
    'زيارة أقرب مركز لخدمات التسجيل والاستشارات والتدريب.',
    'Visit the nearest centre for registration, advice and training.',
    'support-centres',
  ],
  [
    'منصة العروض والخصومات',
    'Offers and discounts',
    'خصومات من مزودي الخدمات للمنشآت المسجلة.',
    'Discounts from service providers for registered businesses.',
    'offers',
  ],
  [
    'الامتياز التجاري',
    'Franchising',
    'فرص امتياز تجاري سعودية وإرشاد في التعاقد والتشغيل.',
    'Saudi franchise opportunities and guidance on contracts and operations.',
    'franchising',
  ],
  [
    'الاعتماد للمنافسات الحكومية',
    'Government procurement support',
    'تأهيل المنشأة للمشاركة في المنافسات والمشتريات الحكومية.',
    'Preparing your business to take part in government tenders and procurement.',
    'procurement-support',
  ],
]

/** Inserts the academy categories, courses and platform services. */
export async function seedIntegrationCatalogue(db: Kysely<Database>): Promise<void> {
  for (const category of ACADEMY_CATALOGUE) {
    const { id } = await db
      .insertInto('academy_categories')
      .values({ name_ar: category.nameAr, name_en: category.nameEn })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('academy_courses')
      .values(
        category.courses.map(([title_ar, title_en, description_ar, description_en, slug, hours]) => ({
          category_id: id,
          title_ar,
          title_en,
          description_ar,
          description_en,
          url: `${ACADEMY}/${slug}`,
          hours,
        })),
      )
      .execute()
  }
  await db
    .insertInto('platform_services')
    .values(
      PLATFORM_SERVICES.map(([name_ar, name_en, description_ar, description_en, slug]) => ({
        name_ar,
        name_en,
        description_ar,
        description_en,
        url: `${SERVICES}/${slug}`,
      })),
    )
    .execute()
}
