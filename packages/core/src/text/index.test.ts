import { describe, expect, it } from 'vitest'
import { foldArabic, initialsOf } from './index.ts'

describe('foldArabic', () => {
  it('makes the spellings of one Arabic word match', () => {
    for (const spelling of ['أحمد', 'احمد', 'أَحْمَد', 'إحمد', 'آحمد', 'ٱحمد', 'أحـــمد'])
      expect(foldArabic(spelling), spelling).toBe('احمد')
    expect(foldArabic('مؤسسة')).toBe(foldArabic('مؤسسه'))
    expect(foldArabic('مستشفى')).toBe(foldArabic('مستشفي'))
    expect(foldArabic('هيئة')).toBe('هييه')
    expect(foldArabic('القُرْآن')).toBe('القران')
  })

  it('writes digits in Latin, folds case and collapses white space', () => {
    expect(foldArabic('  مكتب ٢٠٢٦  و ۱۲ ')).toBe('مكتب 2026 و 12')
    expect(foldArabic('Riyadh\tCENTER\n')).toBe('riyadh center')
    // Compatibility forms (presentation forms, full-width letters) read as the letters they show.
    expect(foldArabic('ﻻ')).toBe('لا')
    expect(foldArabic('ＡＢＣ')).toBe('abc')
  })

  it('leaves folded text as it is', () => {
    const once = foldArabic('أَحْمَد العُتَيْبِيّ، مؤسسة ٣')
    expect(foldArabic(once)).toBe(once)
  })
})

describe('initialsOf', () => {
  it('takes the first name and the family name without its article, apart in Arabic', () => {
    expect(initialsOf('أحمد العتيبي')).toBe('أ ع')
    expect(initialsOf('أحمد محمد العتيبي')).toBe('أ ع')
    expect(initialsOf('نورة القحطاني')).toBe('ن ق')
    // The article stays when too little follows it to be one.
    expect(initialsOf('محمد الم')).toBe('م ا')
  })

  it('leaves out «بن», «بنت» and «ابن»', () => {
    expect(initialsOf('فيصل بن عبدالله الحربي')).toBe('ف ح')
    expect(initialsOf('هيفاء بنت محمد الزهراني')).toBe('ه ز')
    expect(initialsOf('سعد بن')).toBe('س')
    expect(initialsOf('خالد ابن الوليد')).toBe('خ و')
  })

  it('leaves out titles, with or without their dot', () => {
    expect(initialsOf('د. فيصل بن عبدالله الحربي')).toBe('ف ح')
    expect(initialsOf('م. سارة الدوسري')).toBe('س د')
    expect(initialsOf('أ. هيفاء بنت محمد الزهراني')).toBe('ه ز')
    expect(initialsOf('أ.د. منى الشهري')).toBe('م ش')
    expect(initialsOf('الدكتور أحمد العتيبي')).toBe('أ ع')
    expect(initialsOf('د أحمد العتيبي')).toBe('أ ع')
  })

  it('keeps compound names whole', () => {
    expect(initialsOf('محمد عبد الله')).toBe('م ع')
    expect(initialsOf('عبد الرحمن الشهري')).toBe('ع ش')
    expect(initialsOf('خالد أبو بكر')).toBe('خ أ')
    expect(initialsOf('فيصل آل سعود')).toBe('ف س')
  })

  it('gives one letter for one word, and nothing without letters', () => {
    expect(initialsOf('نورة')).toBe('ن')
    expect(initialsOf('د. نورة')).toBe('ن')
    expect(initialsOf('Sarah')).toBe('S')
    expect(initialsOf('')).toBe('')
    expect(initialsOf('  ')).toBe('')
    expect(initialsOf('123 !!')).toBe('')
  })

  it('writes English initials together, in capitals', () => {
    expect(initialsOf('Dr. Sarah Al-Otaibi')).toBe('SO')
    expect(initialsOf('Sarah Al Otaibi')).toBe('SO')
    expect(initialsOf('ali hassan')).toBe('AH')
    expect(initialsOf('Faisal bin Abdullah Alharbi')).toBe('FA')
    expect(initialsOf('Eng Abdul Rahman Khan')).toBe('AK')
  })

  it('takes letters only, so bidi controls and markup never get in', () => {
    expect(initialsOf('\u202Eخالد <>&')).toBe('خ')
    expect(initialsOf('<script>')).toBe('S')
    expect(initialsOf('\u200fأحمد\u200f العتيبي')).toBe('أ ع')
  })

  it('reads composed and decomposed names alike', () => {
    expect(initialsOf('\u0627\u0654حمد العتيبي')).toBe(initialsOf('أحمد العتيبي'))
  })
})
