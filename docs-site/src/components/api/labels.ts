// The API reference's own words, in both languages. What comes from the OpenAPI document (summaries,
// descriptions, field names) stays in English and is marked as such on the Arabic pages.
import type { Lang, Role } from './openapi.ts'

export const labels = {
  ar: {
    operations: 'الاستدعاءات في هذه الصفحة',
    who: 'من يستدعيه',
    parameters: 'المعاملات',
    body: 'جسم الطلب',
    responses: 'الاستجابات',
    example: 'مثال',
    exampleResponse: 'مثال على الاستجابة (مولَّد من المخطط)',
    name: 'الاسم',
    type: 'النوع',
    required: 'إلزامي',
    description: 'الوصف',
    status: 'الرمز',
    meaning: 'المعنى',
    codes: 'رموز الخطأ',
    noParameters: 'لا معاملات.',
    success: 'نجاح',
    media: 'نوع المحتوى',
    multipart: 'الجسم نموذج متعدد الأجزاء (multipart/form-data) بالحقول:',
    in_: { path: 'في المسار', query: 'في الاستعلام', header: 'ترويسة', cookie: 'ملف تعريف ارتباط' },
  },
  en: {
    operations: 'Calls on this page',
    who: 'Who may call it',
    parameters: 'Parameters',
    body: 'Request body',
    responses: 'Responses',
    example: 'Example',
    exampleResponse: 'Example response (generated from the schema)',
    name: 'Name',
    type: 'Type',
    required: 'required',
    description: 'Description',
    status: 'Status',
    meaning: 'Meaning',
    codes: 'Error codes',
    noParameters: 'No parameters.',
    success: 'Success',
    media: 'Content type',
    multipart: 'The body is a multipart form (multipart/form-data) with the fields:',
    in_: { path: 'in the path', query: 'in the query', header: 'header', cookie: 'cookie' },
  },
} as const

export const roles: Record<Lang, Record<Role, string>> = {
  ar: {
    keyless: 'مفتوح للجميع: بلا مفتاح واجهة ولا تسجيل دخول.',
    public: 'عامّ: يكفي مفتاح الواجهة X-API-Key، بلا تسجيل دخول.',
    'signed-in': 'أي شخص سجّل دخوله: مفتاح الواجهة ورمز Bearer.',
    contributor: 'الخبير الذي سجّل دخوله (صاحب هوية خبير): مفتاح الواجهة ورمز Bearer.',
    'rating-token': 'حامل رمز التقييم المفكوك من رابط التقييم: مفتاح الواجهة ورمز التقييم في Bearer.',
  },
  en: {
    keyless: 'Open to all: no API key, no sign-in.',
    public: 'Public: the X-API-Key is enough, no sign-in.',
    'signed-in': 'Anyone signed in: the API key and a bearer token.',
    contributor: 'A signed-in contributor (an expert identity): the API key and a bearer token.',
    'rating-token':
      'The holder of the rating access token decrypted from a rating link: the API key and that token as bearer.',
  },
}

/** What each status means on this API, whatever the call. */
export const statuses: Record<Lang, Record<string, string>> = {
  ar: {
    '200': 'تمّ',
    '201': 'أُنشئ',
    '400': 'طلب غير صالح: خطأ في التحقق (الحقول في fields)',
    '401': 'مفتاح الواجهة أو الرمز مفقود أو غير صالح أو منتهٍ',
    '403': 'غير مسموح لهذا الشخص أو لهذا المصدر',
    '404': 'غير موجود، أو لا يحقّ لك رؤيته',
    '409': 'تعارض مع الحالة الحالية',
    '413': 'الملف أو الطلب أكبر من المسموح',
    '415': 'نوع ملف غير مدعوم',
    '422': 'قاعدة من قواعد العمل لم تتحقق',
    '429': 'طلبات كثيرة: أعد المحاولة بعد قليل',
    '502': 'الخدمة المتكاملة الخارجية لا تجيب',
  },
  en: {
    '200': 'OK',
    '201': 'Created',
    '400': 'Invalid request: validation failed (the fields in fields)',
    '401': 'API key or token missing, invalid or expired',
    '403': 'Not allowed for this person or this origin',
    '404': 'Not found, or not yours to see',
    '409': 'Conflicts with the current state',
    '413': 'File or request too large',
    '415': 'Unsupported file type',
    '422': 'A business rule is not met',
    '429': 'Too many requests: try again shortly',
    '502': 'The external integration does not answer',
  },
}

export function langOf(value: string | undefined): Lang {
  return value?.startsWith('en') ? 'en' : 'ar'
}
