/**
 * The people of the built-in development sign-in provider (design section 3). The
 * seed creates their rows; the provider signs them in. A person is identified by
 * the issuer and subject only: for the dev provider, issuer key `dev` and the
 * subjects below.
 */

/** The issuer key stored for people of the dev provider, whatever its URL. */
export const DEV_ISSUER_KEY = 'dev'

/** One dev account. */
export interface DevAccount {
  /** The provider's subject. */
  subject: string
  /** Full name in Arabic (the platform's people have Arabic names). */
  name: string
  /** What the sign-in page says about the account, in both languages. */
  description: { ar: string; en: string }
  email: string
  /** The expert identity, if any. */
  contributor?: { kind: 'bsa' | 'advisor' | 'consultant' | 'partner'; chat: boolean; instant: boolean }
  /** Whether this is the agency's admin. */
  admin?: boolean
  /**
   * False for a person the seed does not create: the platform meets them at their first sign-in, as it meets
   * anyone the agency's provider sends (an expert invited by the back office, for one).
   */
  seeded?: false
}

/** The seeded people, in the order the sign-in page lists them. */
export const DEV_ACCOUNTS: readonly DevAccount[] = [
  {
    subject: 'dev-sme',
    name: 'نورة بنت سعد القحطاني',
    description: { ar: 'صاحبة منشأة', en: 'Business owner' },
    email: 'noura@example.sa',
  },
  {
    subject: 'dev-consultant',
    name: 'د. فيصل بن عبدالله الحربي',
    description: { ar: 'مستشار', en: 'Consultant' },
    email: 'faisal@example.sa',
    contributor: { kind: 'consultant', chat: true, instant: true },
  },
  {
    subject: 'dev-advisor',
    name: 'أ. هيفاء بنت محمد الزهراني',
    description: { ar: 'مرشدة (تُقبل طلباتها أو تُرفض)', en: 'Advisor (answers booking requests)' },
    email: 'haifa@example.sa',
    contributor: { kind: 'advisor', chat: true, instant: false },
  },
  {
    subject: 'dev-partner',
    name: 'م. تركي بن خالد العتيبي',
    description: { ar: 'خبير شراكات', en: 'Partnership expert' },
    email: 'turki@example.sa',
    contributor: { kind: 'partner', chat: false, instant: false },
  },
  {
    subject: 'dev-bsa',
    name: 'أ. ريم بنت فهد الدوسري',
    description: { ar: 'مستشارة مراكز دعم المنشآت', en: 'Business support advisor' },
    email: 'reem@example.sa',
    contributor: { kind: 'bsa', chat: false, instant: true },
  },
  {
    subject: 'dev-both',
    name: 'عبدالرحمن بن ناصر الشهري',
    description: {
      ar: 'صاحب منشأة ومستشار معًا (يمكنه التبديل)',
      en: 'Business owner and consultant (can switch)',
    },
    email: 'abdulrahman@example.sa',
    contributor: { kind: 'consultant', chat: true, instant: false },
  },
  {
    subject: 'dev-admin',
    name: 'مشرف المنصة',
    description: { ar: 'مشرف الجهة', en: "The agency's admin" },
    email: 'admin@example.sa',
    admin: true,
  },
  {
    subject: 'dev-newcomer',
    name: 'سلمى بنت علي الغامدي',
    description: {
      ar: 'شخص جديد لم يدخل من قبل (لتجربة دعوة خبير)',
      en: 'A newcomer who has never signed in (to try an expert invitation)',
    },
    email: 'salma@example.sa',
    seeded: false,
  },
]
