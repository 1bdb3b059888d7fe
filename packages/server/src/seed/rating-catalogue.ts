/** The rating questionnaires business owners answer after a session: one about the session, one about the contributor. */
import type { Kysely } from 'kysely'
import type { Database, QuestionsTable } from '../db/tables.ts'

type QuestionSeed = Pick<QuestionsTable, 'type' | 'text_ar' | 'text_en'> & { required: 0 | 1 }

/** The questionnaires in order, each with its questions in order. */
export const RATING_QUESTIONNAIRES: readonly {
  target: 'session' | 'contributor'
  title_ar: string
  title_en: string
  questions: readonly QuestionSeed[]
}[] = [
  {
    target: 'session',
    title_ar: 'عن الجلسة',
    title_en: 'About the session',
    questions: [
      {
        type: 'stars',
        text_ar: 'ما مدى رضاك عن الجلسة بشكل عام؟',
        text_en: 'How satisfied are you with the session overall?',
        required: 1,
      },
      {
        type: 'yes_no',
        text_ar: 'هل بدأت الجلسة في موعدها المحدد؟',
        text_en: 'Did the session start on time?',
        required: 1,
      },
      {
        type: 'yes_no',
        text_ar: 'هل ساعدتك الجلسة في التعامل مع التحدي الذي تواجهه منشأتك؟',
        text_en: "Did the session help you with your business's challenge?",
        required: 1,
      },
      {
        type: 'text',
        text_ar: 'ما الذي يمكن تحسينه في الجلسات القادمة؟',
        text_en: 'What could be improved in future sessions?',
        required: 0,
      },
    ],
  },
  {
    target: 'contributor',
    title_ar: 'عن الخبير',
    title_en: 'About the expert',
    questions: [
      {
        type: 'stars',
        text_ar: 'كيف تقيّم معرفة الخبير بموضوع الجلسة؟',
        text_en: "How would you rate the expert's knowledge of the subject?",
        required: 1,
      },
      {
        type: 'stars',
        text_ar: 'كيف تقيّم وضوح التوصيات التي قدّمها الخبير؟',
        text_en: "How clear were the expert's recommendations?",
        required: 1,
      },
      {
        type: 'yes_no',
        text_ar: 'هل تنصح غيرك من أصحاب المنشآت بهذا الخبير؟',
        text_en: 'Would you recommend this expert to other business owners?',
        required: 1,
      },
      {
        type: 'text',
        text_ar: 'ملاحظات إضافية عن الخبير',
        text_en: 'Anything else about the expert',
        required: 0,
      },
    ],
  },
]

/** Inserts the questionnaires and their questions. */
export async function seedRatingCatalogue(db: Kysely<Database>): Promise<void> {
  for (const [position, form] of RATING_QUESTIONNAIRES.entries()) {
    const { id } = await db
      .insertInto('questionnaires')
      .values({ target: form.target, title_ar: form.title_ar, title_en: form.title_en, position })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('questions')
      .values(form.questions.map((q, i) => ({ questionnaire_id: id, ...q, position: i })))
      .execute()
  }
}
