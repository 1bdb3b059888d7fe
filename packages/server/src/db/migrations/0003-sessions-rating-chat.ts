/**
 * Part 2 of the reference API: recommendations and uploaded files, rating links and
 * answers, chat, notifications, push subscriptions, the e-mail outbox, and the
 * academy/services catalogue. Typed loosely (Kysely<any>) so it never depends on
 * today's table types.
 */
import { sql } from 'kysely'
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addCheckConstraint('files_kind', sql`kind in ('voice_note', 'attachment', 'chat')`)
    .execute()

  await db.schema
    .createTable('recommendations')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id'))
    .addColumn('challenges', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recommendations', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('need_another_session', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_academy_course', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('academy_course_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('need_platform_feature', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('company_phase', 'text')
    .addColumn('success_story', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('success_story_summary', 'text')
    .addColumn('comment', 'text')
    .addColumn('voice_note_file_id', 'text', (c) => c.references('files.id'))
    .addColumn('attachment_file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('supported_file_urls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'integer', pk)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createTable('questions')
    .addColumn('id', 'integer', pk)
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('questionnaires.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text_ar', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('questions_type', sql`type in ('stars', 'yes_no', 'text')`)
    .execute()

  // A rating link: the token in the address is opaque and only its hash is stored.
  await db.schema
    .createTable('rating_links')
    .addColumn('id', 'integer', pk)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'integer', (c) => c.notNull().unique().references('sessions.id'))
    .addColumn('sme_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute()
  // One rating per session: the primary key is what makes a second submission a 422.
  await db.schema
    .createTable('ratings')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id'))
    .addColumn('contributor_id', 'integer', (c) => c.notNull().references('contributors.id'))
    .addColumn('stars', 'integer')
    .addColumn('comment', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('rating_answers')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('ratings.session_id'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_answers_pk', ['session_id', 'question_id'])
    .execute()

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', pk)
    .addColumn('contributor_id', 'integer', (c) => c.notNull().references('contributors.id'))
    .addColumn('sme_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('last_message_id', 'integer')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('conversations_pair', ['contributor_id', 'sme_id'])
    .execute()
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', pk)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id'))
    .addColumn('sender_person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('file_id', 'text', (c) => c.references('files.id'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .addCheckConstraint('chat_messages_type', sql`type in ('text', 'image', 'file', 'voice')`)
    .execute()
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute()

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('body_ar', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('session_id', 'integer')
    .addColumn('read_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('notifications_person_created')
    .on('notifications')
    .columns(['person_id', 'created_at'])
    .execute()

  // Push: Web Push subscriptions (JSON) or FCM tokens, per person.
  await db.schema
    .alterTable('push_tokens')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('fcm'))
    .execute()
  await db.schema.alterTable('push_tokens').addColumn('subscription', 'text').execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', pk)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute()

  await db.schema
    .createTable('academy_categories')
    .addColumn('id', 'integer', pk)
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('academy_courses')
    .addColumn('id', 'integer', pk)
    .addColumn('category_id', 'integer', (c) => c.notNull().references('academy_categories.id'))
    .addColumn('title_ar', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text')
    .addColumn('hours', 'integer')
    .execute()
  await db.schema
    .createTable('platform_services')
    .addColumn('id', 'integer', pk)
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text')
    .execute()
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'platform_services',
    'academy_courses',
    'academy_categories',
    'outbox',
    'notifications',
    'chat_messages',
    'conversations',
    'rating_answers',
    'ratings',
    'rating_links',
    'questions',
    'questionnaires',
    'recommendations',
    'files',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
  await db.schema.alterTable('push_tokens').dropColumn('subscription').execute()
  await db.schema.alterTable('push_tokens').dropColumn('kind').execute()
}
