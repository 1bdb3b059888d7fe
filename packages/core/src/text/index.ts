/**
 * Text helpers for people's words in Arabic and English: folding for matching, and the initials of a name.
 * Pure functions, the same in the browser and on the server.
 */

/** Harakat, the superscript alef and Quranic marks: left out when matching. */
const DIACRITICS = /[\u064B-\u065F\u0670\u06D6-\u06ED]/g
const TATWEEL = /\u0640/g

/**
 * Folds text for matching, so that "أحمد", "احمد" and "أَحْمَد" find each other, as do "مؤسسة"/"مؤسسه" and
 * "مستشفى"/"مستشفي": compatibility forms composed (NFKC), diacritics and tatweel removed, the alef forms
 * (أ إ آ ٱ) written ا, ى as ي, ة as ه, ؤ as و and ئ as ي, Arabic-Indic and Persian digits as Latin ones,
 * lower case, runs of white space as one space, no space at either end. Apply it to both sides of a
 * comparison; it is for matching only, never for showing.
 */
export function foldArabic(text: string): string {
  return text
    .normalize('NFKC')
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** Titles written before a name without a dot (with one, any word ending in "." is a title). */
const TITLES: ReadonlySet<string> = new Set([
  'د',
  'م',
  'أ',
  'الدكتور',
  'الدكتورة',
  'المهندس',
  'المهندسة',
  'الأستاذ',
  'الأستاذة',
  'الشيخ',
  'الشيخة',
  'dr',
  'eng',
  'mr',
  'mrs',
  'ms',
  'miss',
  'prof',
  'sheikh',
])
/** "Son of" and "daughter of" in a chain of names: they carry no initial. */
const LINKS: ReadonlySet<string> = new Set(['بن', 'بنت', 'ابن', 'إبن', 'bin', 'bint', 'ibn'])
/** Words that make one name with the word after them: «عبد الله», «أبو بكر». */
const JOINED_TO_NEXT: ReadonlySet<string> = new Set(['عبد', 'أبو', 'ابو', 'أبا', 'abd', 'abdul', 'abu'])
/** Family-name articles written as a word of their own: «آل سعود», "Al Otaibi". */
const ARTICLE_WORDS: ReadonlySet<string> = new Set(['آل', 'ال', 'al', 'el'])
/** The article at the head of a word, when at least two letters follow it («الله» is not «ال» + «له»). */
const ARABIC_ARTICLE = /^ال(?=\p{L}{2})/u
const LATIN_ARTICLE = /^(?:al|el)-(?=\p{L})/iu
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/

/** The words of a name that can carry an initial, compound names kept whole, titles and links left out. */
function nameWords(name: string): string[] {
  const words = name.normalize('NFC').split(/\s+/).filter(Boolean)
  while (words.length > 0) {
    const word = words[0] ?? ''
    if (!word.endsWith('.') && !TITLES.has(word.toLowerCase())) break
    words.shift()
  }
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? ''
    const lower = word.toLowerCase()
    if (word.endsWith('.') || LINKS.has(lower)) continue
    // An article word goes with the family name after it, and gives way to it: «آل سعود» → س.
    if (i > 0 && ARTICLE_WORDS.has(lower) && i < words.length - 1) continue
    if (JOINED_TO_NEXT.has(lower) && i < words.length - 1) {
      out.push(`${word}${words[++i]}`)
      continue
    }
    out.push(word)
  }
  return out
}

/** The first letter of a word of a name, after the article «ال» or "Al-"; undefined when it has no letter. */
function initialOf(word: string): string | undefined {
  const bare = word.replace(ARABIC_ARTICLE, '').replace(LATIN_ARTICLE, '')
  return /\p{L}/u.exec(bare)?.[0]?.toLocaleUpperCase()
}

/**
 * The initials of a person's name, for an avatar without a photo. The rule: the first letter of the first
 * name and the first letter of the family name (the last word), the family name's article left out;
 * «أحمد العتيبي» → «أ ع», "Sarah Al-Otaibi" → "SO". Leading titles («د.», «م.», «أ.», «الدكتور», "Dr.")
 * and the links «بن», «بنت», «ابن» carry no initial; «عبد» and «أبو» make one name with the word after
 * them («محمد عبد الله» → «م ع»), and a separate article takes the family name after it («فيصل آل سعود» →
 * «ف س»). The letters are written as in the name (hamza kept, Latin ones in capitals); Arabic initials are
 * separated by a space, since side by side they would join into a word, Latin ones are not. A one-word name
 * gives one letter; a name without letters gives ''. Only letters are taken, so bidi controls, digits and
 * markup never get in.
 */
export function initialsOf(name: string): string {
  const letters = nameWords(name)
    .map(initialOf)
    .filter((c): c is string => c !== undefined)
  const chosen = letters.length > 1 ? [letters[0] ?? '', letters[letters.length - 1] ?? ''] : letters
  return chosen.join(chosen.some((c) => ARABIC_LETTER.test(c)) ? ' ' : '')
}
