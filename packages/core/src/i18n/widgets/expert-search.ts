import type { CatalogExtension } from '../index.ts'

/**
 * The messages only <expert-search> shows, in ICU MessageFormat, Arabic first. Keys are namespaced like the
 * shared catalogs'; shared words (`common.*`, `contributors.*`, `communication.*`, `subjects.*`, …) stay in
 * the shared catalogs.
 */
const ar = {
  'expertSearch.label': 'البحث عن خبير',
  'expertSearch.searchLabel': 'ابحث بالاسم أو الموضوع أو الخبرة',
  'expertSearch.allFields': 'كل المجالات',
  'expertSearch.allSubjects': 'كل الموضوعات',
  'expertSearch.allCenters': 'كل المراكز',
  'expertSearch.anySessionType': 'كل الأنواع',
  'expertSearch.availableOnly': 'من لديهم مواعيد متاحة فقط',
  'expertSearch.sortLabel': 'ترتيب النتائج',
  'expertSearch.sortNewest': 'الأحدث انضمامًا أولًا',
  'expertSearch.sortRelevance': 'الأقرب إلى البحث أولًا',
  'expertSearch.datesHint': 'من لديهم موعد متاح في هذه الأيام (بتوقيت السعودية)',
  'expertSearch.datesStart': 'من تاريخ',
  'expertSearch.datesEnd': 'إلى تاريخ',
  'expertSearch.clearDates': 'مسح التواريخ',
  'expertSearch.datesStartIncomplete': 'أكمل تاريخ البداية: اليوم والشهر والسنة.',
  'expertSearch.datesEndIncomplete': 'أكمل تاريخ النهاية: اليوم والشهر والسنة.',
  'expertSearch.datesStartPast': 'تاريخ البداية قبل اليوم؛ اختر اليوم أو يومًا بعده.',
  'expertSearch.datesEndPast': 'تاريخ النهاية قبل اليوم؛ اختر اليوم أو يومًا بعده.',
  'expertSearch.datesEndBeforeStart': 'تاريخ النهاية قبل تاريخ البداية؛ اختر يومًا لا يسبقه.',
  'expertSearch.datesCapped':
    'يشمل البحث {count, plural, zero {أول # يوم} one {أول يوم} two {أول يومين} few {أول # أيام} many {أول # يومًا} other {أول # يوم}} من هذه المدة فقط.',
  'expertSearch.resultsLabel': 'نتائج البحث',
  'expertSearch.subjectsLabel': 'الموضوعات',
  'expertSearch.nextSlot': 'أقرب موعد متاح: {date}، الساعة {time} {zone}',
  'expertSearch.noSlot': 'لا توجد مواعيد متاحة حاليًا',
  'expertSearch.choose': 'اختيار الخبير',
  'expertSearch.availableNow': 'متاح الآن لجلسة فورية',
  'expertSearch.chooseName': 'اختيار {name}',
  'expertSearch.emptyTitle': 'لم نجد خبراء يطابقون بحثك',
  'expertSearch.emptyHint': 'جرّب كلمات بحث أخرى، أو امسح عوامل التصفية لعرض كل الخبراء.',
  'expertSearch.loadFailed': 'تعذّر تحميل النتائج.',
  'expertSearch.pagerLabel': 'صفحات النتائج',
  'expertSearch.filtersToggle': 'عوامل التصفية',
  'expertSearch.filtersActive':
    '{count, plural, zero {لا شيء مفعّل} one {# مفعّل} two {# مفعّلان} few {# مفعّلة} many {# مفعّلًا} other {# مفعّل}}',
  'expertSearch.filtersDone': 'عرض النتائج',
  'expertSearch.resultsOnPage':
    '{count, plural, zero {لا توجد نتائج} one {نتيجة واحدة} two {نتيجتان} few {# نتائج} many {# نتيجة} other {# نتيجة}}، الصفحة {page, number} من {pages, number}',
} as const

/** The messages of `<expert-search>`, in Arabic and English with the same keys and ICU arguments. */
export const expertSearchMessages: CatalogExtension<keyof typeof ar> = {
  ar,
  en: {
    'expertSearch.label': 'Find an expert',
    'expertSearch.searchLabel': 'Search by name, subject or expertise',
    'expertSearch.allFields': 'All fields',
    'expertSearch.allSubjects': 'All subjects',
    'expertSearch.allCenters': 'All centers',
    'expertSearch.anySessionType': 'Any type',
    'expertSearch.availableOnly': 'Only experts with free slots',
    'expertSearch.sortLabel': 'Sort by',
    'expertSearch.sortNewest': 'Newest first',
    'expertSearch.sortRelevance': 'Best match first',
    'expertSearch.datesHint': 'Experts with a free slot on these days (Saudi Arabia time)',
    'expertSearch.datesStart': 'From',
    'expertSearch.datesEnd': 'To',
    'expertSearch.clearDates': 'Clear dates',
    'expertSearch.datesStartIncomplete': 'Complete the first day: day, month and year.',
    'expertSearch.datesEndIncomplete': 'Complete the last day: day, month and year.',
    'expertSearch.datesStartPast': 'The first day is before today; choose today or a later day.',
    'expertSearch.datesEndPast': 'The last day is before today; choose today or a later day.',
    'expertSearch.datesEndBeforeStart': 'The last day is before the first; choose a day no earlier than it.',
    'expertSearch.datesCapped':
      'The search covers only the first {count, plural, one {day} other {# days}} of these dates.',
    'expertSearch.resultsLabel': 'Search results',
    'expertSearch.subjectsLabel': 'Subjects',
    'expertSearch.nextSlot': 'Next free slot: {date}, {time} {zone}',
    'expertSearch.noSlot': 'No free slots at the moment',
    'expertSearch.choose': 'Choose expert',
    'expertSearch.availableNow': 'Available now for an instant session',
    'expertSearch.chooseName': 'Choose {name}',
    'expertSearch.emptyTitle': 'No experts match your search',
    'expertSearch.emptyHint': 'Try other words, or clear the filters to see every expert.',
    'expertSearch.loadFailed': 'The results could not be loaded.',
    'expertSearch.pagerLabel': 'Result pages',
    'expertSearch.filtersToggle': 'Filters',
    'expertSearch.filtersActive': '{count, plural, =0 {none active} one {# active} other {# active}}',
    'expertSearch.filtersDone': 'Show results',
    'expertSearch.resultsOnPage':
      '{count, plural, =0 {No results} one {# result} other {# results}}, page {page, number} of {pages, number}',
  },
}
