/**
 * Part 1 of the reference API: people, the expert catalogue, slots, bookings,
 * API sessions, settings and lists. Typed loosely (Kysely<any>) so it never
 * depends on today's table types.
 */
import { sql } from 'kysely'
import { type Db, type Dialect, schemaHelpers } from '../migration-helpers.ts'

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { pk, time } = schemaHelpers(dialect)
  await db.schema
    .createTable('people')
    .addColumn('id', 'integer', pk)
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('photo_path', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('people_issuer_subject', ['issuer', 'subject'])
    .execute()

  await db.schema
    .createTable('centers')
    .addColumn('id', 'integer', pk)
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('city_ar', 'text', (c) => c.notNull())
    .addColumn('city_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('offices')
    .addColumn('id', 'integer', pk)
    .addColumn('center_id', 'integer', (c) => c.notNull().references('centers.id'))
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('address_ar', 'text', (c) => c.notNull())
    .addColumn('address_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'integer', pk)
    .addColumn('name_ar', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('bsa', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('subjects_type', sql`type in (1, 2, 4)`)
    .execute()

  await db.schema
    .createTable('contributors')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().unique().references('people.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio_ar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('center_id', 'integer', (c) => c.references('centers.id'))
    .addColumn('can_create_slots', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('can_delete_slots', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chat_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('join_now_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_for_instant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_path', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addCheckConstraint('contributors_kind', sql`kind in ('bsa', 'advisor', 'consultant', 'partner')`)
    .execute()
  await db.schema
    .createIndex('contributors_kind_created')
    .on('contributors')
    .columns(['kind', 'created_at'])
    .execute()

  await db.schema
    .createTable('contributor_subjects')
    .addColumn('contributor_id', 'integer', (c) =>
      c.notNull().references('contributors.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contributor_subjects_pk', ['contributor_id', 'subject_id'])
    .execute()
  await db.schema
    .createIndex('contributor_subjects_subject')
    .on('contributor_subjects')
    .column('subject_id')
    .execute()

  await db.schema
    .createTable('slots')
    .addColumn('id', 'integer', pk)
    .addColumn('contributor_id', 'integer', (c) => c.notNull().references('contributors.id'))
    .addColumn('start_at', time, (c) => c.notNull())
    .addColumn('end_at', time, (c) => c.notNull())
    .addColumn('availability', 'integer', (c) => c.notNull())
    .addColumn('office_id', 'integer', (c) => c.references('offices.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addCheckConstraint('slots_availability', sql`availability in (1, 2, 3)`)
    .addCheckConstraint('slots_order', sql`start_at < end_at`)
    .execute()
  await db.schema
    .createIndex('slots_contributor_start')
    .on('slots')
    .columns(['contributor_id', 'start_at'])
    .execute()
  await db.schema.createIndex('slots_start').on('slots').column('start_at').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', pk)
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('slots.id'))
    // Exactly one live booking per slot: the database, not application code, decides races.
    .addColumn('active_slot_id', 'integer', (c) => c.unique())
    .addColumn('contributor_id', 'integer', (c) => c.notNull().references('contributors.id'))
    .addColumn('sme_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('subject_id', 'integer', (c) => c.references('subjects.id'))
    .addColumn('communication_way', 'integer', (c) => c.notNull())
    .addColumn('office_id', 'integer', (c) => c.references('offices.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request_state', 'text')
    .addColumn('request_reason', 'text')
    .addColumn('answered_at', time)
    .addColumn('description', 'text')
    .addColumn('start_at', time, (c) => c.notNull())
    .addColumn('end_at', time, (c) => c.notNull())
    .addColumn('started_at', time)
    .addColumn('ended_at', time)
    .addColumn('end_reason', 'text')
    .addColumn('cancel_reason_id', 'integer')
    .addColumn('cancel_reason', 'text')
    .addColumn('is_instant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meeting_provider', 'text')
    .addColumn('meeting_number', 'text')
    .addColumn('meeting_password', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addCheckConstraint('sessions_way', sql`communication_way in (0, 1)`)
    .addCheckConstraint(
      'sessions_state',
      sql`state in ('pending', 'booked', 'ongoing', 'ended', 'cancelled', 'sme_absent')`,
    )
    .execute()
  await db.schema.createIndex('sessions_sme_start').on('sessions').columns(['sme_id', 'start_at']).execute()
  await db.schema
    .createIndex('sessions_contributor_start')
    .on('sessions')
    .columns(['contributor_id', 'start_at'])
    .execute()

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .addColumn('fcm_token', 'text')
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value_ar', 'text', (c) => c.notNull())
    .addColumn('value_en', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'integer', pk)
    .addColumn('question_ar', 'text', (c) => c.notNull())
    .addColumn('question_en', 'text', (c) => c.notNull())
    .addColumn('answer_ar', 'text', (c) => c.notNull())
    .addColumn('answer_en', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('cancel_reasons')
    .addColumn('id', 'integer', pk)
    .addColumn('label_ar', 'text', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('requires_details', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cr_number', 'text')
    .addColumn('city', 'text')
    .addColumn('phase', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'integer', pk)
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('push_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('people.id'))
    .addColumn('device_type', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'push_tokens',
    'deletion_requests',
    'companies',
    'cancel_reasons',
    'faqs',
    'settings',
    'auth_sessions',
    'sessions',
    'slots',
    'contributor_subjects',
    'contributors',
    'subjects',
    'offices',
    'centers',
    'people',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
