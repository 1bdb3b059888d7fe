/**
 * Saudi given and family names for demo people, each with the English spelling
 * people would use for themselves.
 */
import type { Random } from './random.ts'

/** A name in Arabic and English. */
export interface NamePart {
  ar: string
  en: string
}

/** Men's given names (also used as fathers' names). */
export const MALE_NAMES: readonly NamePart[] = [
  { ar: 'محمد', en: 'Mohammed' },
  { ar: 'عبدالله', en: 'Abdullah' },
  { ar: 'عبدالعزيز', en: 'Abdulaziz' },
  { ar: 'فهد', en: 'Fahad' },
  { ar: 'خالد', en: 'Khalid' },
  { ar: 'سعود', en: 'Saud' },
  { ar: 'سلطان', en: 'Sultan' },
  { ar: 'فيصل', en: 'Faisal' },
  { ar: 'تركي', en: 'Turki' },
  { ar: 'نايف', en: 'Naif' },
  { ar: 'بندر', en: 'Bandar' },
  { ar: 'ماجد', en: 'Majed' },
  { ar: 'سعد', en: 'Saad' },
  { ar: 'ناصر', en: 'Nasser' },
  { ar: 'عبدالرحمن', en: 'Abdulrahman' },
  { ar: 'يوسف', en: 'Yousef' },
  { ar: 'إبراهيم', en: 'Ibrahim' },
  { ar: 'عمر', en: 'Omar' },
  { ar: 'علي', en: 'Ali' },
  { ar: 'حسن', en: 'Hassan' },
  { ar: 'أحمد', en: 'Ahmed' },
  { ar: 'مشعل', en: 'Mishal' },
  { ar: 'بدر', en: 'Badr' },
  { ar: 'راكان', en: 'Rakan' },
  { ar: 'ياسر', en: 'Yasser' },
  { ar: 'طلال', en: 'Talal' },
  { ar: 'وليد', en: 'Waleed' },
  { ar: 'منصور', en: 'Mansour' },
  { ar: 'زياد', en: 'Ziyad' },
  { ar: 'هشام', en: 'Hisham' },
  { ar: 'عادل', en: 'Adel' },
  { ar: 'صالح', en: 'Saleh' },
  { ar: 'حمد', en: 'Hamad' },
  { ar: 'مازن', en: 'Mazen' },
  { ar: 'أنس', en: 'Anas' },
  { ar: 'عبدالمجيد', en: 'Abdulmajeed' },
  { ar: 'سامي', en: 'Sami' },
  { ar: 'نواف', en: 'Nawaf' },
  { ar: 'ثامر', en: 'Thamer' },
  { ar: 'عبدالإله', en: 'Abdulelah' },
]

/** Women's given names. */
export const FEMALE_NAMES: readonly NamePart[] = [
  { ar: 'نورة', en: 'Noura' },
  { ar: 'سارة', en: 'Sarah' },
  { ar: 'هيفاء', en: 'Haifa' },
  { ar: 'ريم', en: 'Reem' },
  { ar: 'لطيفة', en: 'Latifa' },
  { ar: 'منيرة', en: 'Munira' },
  { ar: 'الجوهرة', en: 'Aljawhara' },
  { ar: 'أمل', en: 'Amal' },
  { ar: 'هند', en: 'Hind' },
  { ar: 'دانة', en: 'Dana' },
  { ar: 'لمى', en: 'Lama' },
  { ar: 'رهف', en: 'Rahaf' },
  { ar: 'شهد', en: 'Shahad' },
  { ar: 'غادة', en: 'Ghada' },
  { ar: 'مها', en: 'Maha' },
  { ar: 'أسماء', en: 'Asma' },
  { ar: 'عبير', en: 'Abeer' },
  { ar: 'نوف', en: 'Nouf' },
  { ar: 'وعد', en: 'Waad' },
  { ar: 'جود', en: 'Joud' },
  { ar: 'ليلى', en: 'Layla' },
  { ar: 'فاطمة', en: 'Fatimah' },
  { ar: 'مريم', en: 'Maryam' },
  { ar: 'خلود', en: 'Kholoud' },
  { ar: 'بسمة', en: 'Basma' },
  { ar: 'هالة', en: 'Hala' },
  { ar: 'سمر', en: 'Samar' },
  { ar: 'ديما', en: 'Dima' },
  { ar: 'روان', en: 'Rawan' },
  { ar: 'أريج', en: 'Areej' },
]

/** Family names. */
export const FAMILY_NAMES: readonly NamePart[] = [
  { ar: 'القحطاني', en: 'Al-Qahtani' },
  { ar: 'الحربي', en: 'Al-Harbi' },
  { ar: 'الزهراني', en: 'Al-Zahrani' },
  { ar: 'العتيبي', en: 'Al-Otaibi' },
  { ar: 'الدوسري', en: 'Al-Dosari' },
  { ar: 'الشهري', en: 'Al-Shehri' },
  { ar: 'الغامدي', en: 'Al-Ghamdi' },
  { ar: 'المطيري', en: 'Al-Mutairi' },
  { ar: 'العنزي', en: 'Al-Anazi' },
  { ar: 'الشمري', en: 'Al-Shammari' },
  { ar: 'السبيعي', en: 'Al-Subaie' },
  { ar: 'الرشيد', en: 'Al-Rasheed' },
  { ar: 'السديري', en: 'Al-Sudairi' },
  { ar: 'العمري', en: 'Al-Omari' },
  { ar: 'المالكي', en: 'Al-Malki' },
  { ar: 'الجهني', en: 'Al-Juhani' },
  { ar: 'البقمي', en: 'Al-Buqami' },
  { ar: 'الخالدي', en: 'Al-Khalidi' },
  { ar: 'السهلي', en: 'Al-Sahli' },
  { ar: 'الشهراني', en: 'Al-Shahrani' },
  { ar: 'العسيري', en: 'Al-Asiri' },
  { ar: 'القرني', en: 'Al-Qarni' },
  { ar: 'الفيفي', en: 'Al-Faifi' },
  { ar: 'الحازمي', en: 'Al-Hazmi' },
  { ar: 'البلوي', en: 'Al-Balawi' },
  { ar: 'التميمي', en: 'Al-Tamimi' },
  { ar: 'الراشد', en: 'Al-Rashed' },
  { ar: 'النعيمي', en: 'Al-Nuaimi' },
  { ar: 'الهاجري', en: 'Al-Hajri' },
  { ar: 'المري', en: 'Al-Marri' },
  { ar: 'اليامي', en: 'Al-Yami' },
  { ar: 'الأحمدي', en: 'Al-Ahmadi' },
  { ar: 'الثبيتي', en: 'Al-Thubaiti' },
  { ar: 'الصاعدي', en: 'Al-Saadi' },
  { ar: 'الرويلي', en: 'Al-Ruwaili' },
  { ar: 'العمودي', en: 'Al-Amoudi' },
  { ar: 'الخثعمي', en: 'Al-Khathami' },
  { ar: 'الفهد', en: 'Al-Fahad' },
  { ar: 'باعشن', en: 'Baashen' },
  { ar: 'الموسى', en: 'Al-Mousa' },
]

/** Honorifics experts commonly put before their names. */
const HONORIFICS: readonly { ar: string; en: string; weight: number }[] = [
  { ar: '', en: '', weight: 5 },
  { ar: 'د.', en: 'Dr.', weight: 3 },
  { ar: 'أ.', en: '', weight: 2 },
  { ar: 'م.', en: 'Eng.', weight: 1 },
]

/** A made-up person: gender and full name in both languages. */
export interface PersonName {
  female: boolean
  /** As stored in `people.full_name`, e.g. "د. فيصل بن عبدالله الحربي". */
  ar: string
  /** The English spelling, e.g. "Dr. Faisal Abdullah Al-Harbi". */
  en: string
}

/** Makes a plausible Saudi name; experts sometimes carry an honorific. */
export function makeName(random: Random, options: { female: boolean; honorific: boolean }): PersonName {
  const given = random.pick(options.female ? FEMALE_NAMES : MALE_NAMES)
  const father = random.pick(MALE_NAMES)
  const family = random.pick(FAMILY_NAMES)
  let honorific = { ar: '', en: '' }
  if (options.honorific) {
    const total = HONORIFICS.reduce((sum, h) => sum + h.weight, 0)
    let roll = random.int(1, total)
    for (const h of HONORIFICS) {
      roll -= h.weight
      if (roll <= 0) {
        honorific = h
        break
      }
    }
  }
  // Formal registers write "بن"/"بنت" between given and father's names; everyday use often drops it.
  const link = random.chance(0.6) ? (options.female ? ' بنت ' : ' بن ') : ' '
  const ar = `${honorific.ar ? `${honorific.ar} ` : ''}${given.ar}${link}${father.ar} ${family.ar}`
  const en = `${honorific.en ? `${honorific.en} ` : ''}${given.en} ${father.en} ${family.en}`
  return { female: options.female, ar, en }
}
