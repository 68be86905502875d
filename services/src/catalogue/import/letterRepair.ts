/**
 * Repairs the accented letters the Superintendencia's 2016 extract lost before it reached us: the copy is
 * valid UTF-8, but every á, é, í, ó, ú, ñ, ° and a few separators had already become U+FFFD ('�'),
 * sometimes with a trailing '?' or a Latin Extended-B letter ('Ɵ', 'Ǎ') where the second byte of the
 * letter survived as something else ('CL�?NICO', 'CLǍNICO', 'RE��ACA').
 *
 * A word with a lost letter is looked up in a dictionary of the words that occur in the extract (counted
 * over the whole file: SPANISH_WORDS below) and written back in the case it was found in. What no entry
 * explains stays lost: between two word characters it was a separator ('VALLES��1400' → 'VALLES 1400'),
 * anywhere else (trailing garbage, a stray mark next to a space) it is dropped.
 */

/** One lost letter: a run of U+FFFD or mojibake letters (never Spanish), with the '?' that may follow. */
const LOST_RUN = '(?:[\\uFFFD\\u0180-\\u024F]+\\??|(?<=[A-Za-z])\\?(?=[A-Za-z]))';
/** Letters and digits of Spanish text (Latin-1 and Latin Extended-A letters, '°', 'ª'). */
const WORD_CHAR = '[A-Za-z0-9\\u00AA\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u017F]';
/** Tried only where a word starts (the lookbehind): from every position it would be quadratic per word. */
const TOKEN = new RegExp(`(?<!${WORD_CHAR})${WORD_CHAR}*(?:${LOST_RUN}${WORD_CHAR}*)+`, 'g');
const LOST = new RegExp(LOST_RUN, 'g');
const IS_WORD_CHAR = new RegExp(`^${WORD_CHAR}$`);
/** A '?' alone between spaces stands for a lost dash ('ISAPRE CRUZ BLANCA ? 31', beside '… - 20'). */
const LONE_QUESTION_MARK = / \? /g;

/**
 * Lower-case words with '?' where the extract lost a letter, and the word they were. Every entry occurs in
 * planes-vigentes-2016-09.csv (counts of the real file in the comments, per occurrence); the last group are
 * common Spanish words of the same domain, for other extracts of the same series.
 */
const SPANISH_WORDS: Record<string, string> = {
  // tipo_adecuacion, grupo_objetivo, modalidad_atencion, amplitud_cobertura: thousands each
  'adecuaci?n': 'adecuación', // 6,981 (Sin adecuación, Adecuación del artículo 197)
  'm?dicos': 'médicos', // 5,321 (honorarios médicos; Médicos)
  'espec?fico': 'específico', // 3,115
  'elecci?n': 'elección', // 2,952 (Libre elección)
  'revisi?n': 'revisión', // 1,432
  'art?culo': 'artículo', // 897
  'formaci?n': 'formación', // 443
  // nombre_isapre
  'banm?dica': 'banmédica', // 386
  // nombre_plan, id_linea_plan, nombre_arancel
  'b?sica': 'básica', // 96 (MATERNIDAD BÁSICA)
  'd?o': 'dúo', // 70 (Banmédica's DÚO plans)
  're?aca': 'reñaca', // 76 (CLÍNICA REÑACA)
  'cl?nico': 'clínico', // 41
  '?nico': 'único', // 34 (HOMBRE ÚNICO)
  'r?os': 'ríos', // 32 (LOS RÍOS)
  'dal?': 'dalí', // 32 (DALÍ HOMBRE)
  'cl?nica': 'clínica', // 30
  'alem?n': 'alemán', // 12 (SANATORIO ALEMÁN)
  'cl?nicas': 'clínicas', // 2
  'compa?ia': 'compañia', // 3 (as written, without the accent on the i)
  '?ubles': 'ñubles', // 3 (CARNES ÑUBLES)
  'd?vila': 'dávila', // 2
  'jos?': 'josé', // 2
  'vi?a': 'viña', // 2 (VIÑA DEL MAR)
  'vi?': 'viñ', // 1 ('HOSPITAL CLINICO VI�': Viña cut at the column's 30 characters)
  '?nombre': '¿nombre', // 1 ('#¿NOMBRE?': a spreadsheet's error value, stored as a plan name)
  // same domain, not in the 2016 file
  'a?o': 'año',
  'a?os': 'años',
  'ni?os': 'niños',
  'ni?o': 'niño',
  'regi?n': 'región',
  'concepci?n': 'concepción',
  'valpara?so': 'valparaíso',
  'pe?alol?n': 'peñalolén',
  'biob?o': 'biobío',
  'maip?': 'maipú',
  '?uble': 'ñuble',
  '?ngeles': 'ángeles',
  'm?dico': 'médico',
  'm?dica': 'médica',
  'cl?nicos': 'clínicos',
  'hospitalizaci?n': 'hospitalización',
  'atenci?n': 'atención',
  'protecci?n': 'protección',
  'psiquiatr?a': 'psiquiatría',
  'psicolog?a': 'psicología',
  'neonatolog?a': 'neonatología',
  'obstetr?cia': 'obstetricia',
  'oncol?gico': 'oncológico',
  'cat?strofe': 'catástrofe',
  'm?s': 'más',
  'm?nimo': 'mínimo',
  'm?ximo': 'máximo',
  '?ptima': 'óptima',
  '?ptimo': 'óptimo',
};

/** The canonical form looked up: lower case, each lost letter one '?'. */
const canonical = (token: string) => token.replace(LOST, '?').toLowerCase();

/** 'N�2' → 'N°2': the ordinal sign before a number. */
const ORDINAL = /^(n)\?(\d+)$/i;

/** Writes `word` in the case `found` was in: 'B�SICA' → 'BÁSICA', 'Revisi�n' → 'Revisión'. */
function inCaseOf(found: string, word: string): string {
  const letters = found.replace(/[^A-Za-z]/g, '');
  if (letters.length > 0 && letters === letters.toUpperCase()) return word.toUpperCase();
  if (/^[^A-Za-z]*[A-Z]/.test(found)) {
    const first = word.search(/\p{L}/u);
    return first < 0 ? word : word.slice(0, first) + word.charAt(first).toUpperCase() + word.slice(first + 1);
  }
  return word;
}

/** Counts of one import: repaired letters by the word they made, letters left lost by where they were. */
export class RepairTally {
  lettersRepaired = 0;
  lettersUnrepaired = 0;
  dashesRepaired = 0;
  readonly repairedWords = new Map<string, number>();
  readonly unrepairedWords = new Map<string, number>();

  repaired(word: string, letters: number) {
    this.lettersRepaired += letters;
    this.repairedWords.set(word, (this.repairedWords.get(word) ?? 0) + 1);
  }

  unrepaired(token: string, runs: number) {
    this.lettersUnrepaired += runs;
    const shown = token.replace(LOST, '�');
    this.unrepairedWords.set(shown, (this.unrepairedWords.get(shown) ?? 0) + 1);
  }

  /** The `limit` most frequent entries of a map, most frequent first, ties by name. */
  static top(map: Map<string, number>, limit: number): Array<[string, number]> {
    return [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  }
}

/** Repairs one line (or field) of the extract, counting in `tally`. Text without a lost letter is returned as is. */
export function repairLostLetters(text: string, tally: RepairTally): string {
  let repaired = text;
  if (repaired.includes(' ? ')) {
    repaired = repaired.replace(LONE_QUESTION_MARK, () => {
      tally.dashesRepaired++;
      return ' - ';
    });
  }
  if (!/[\uFFFD\u0180-\u024F?]/.test(repaired)) return repaired;
  return repaired.replace(TOKEN, (token: string) => {
    const key = canonical(token);
    const runs = token.match(LOST)?.length ?? 0;
    const known = SPANISH_WORDS[key] ?? (ORDINAL.test(key) ? key.replace(ORDINAL, '$1°$2') : undefined);
    if (known !== undefined) {
      const word = inCaseOf(token, known);
      tally.repaired(word, runs);
      return word;
    }
    // An ASCII '?' between letters that no word explains is left alone: it may be a real question mark.
    const lostRuns = token.match(/[\uFFFD\u0180-\u024F]+\??/g)?.length ?? 0;
    if (lostRuns === 0) return token;
    tally.unrepaired(token, lostRuns);
    return token.replace(/[\uFFFD\u0180-\u024F]+\??/g, (run: string, offset: number) => {
      const before = token.charAt(offset - 1);
      const after = token.charAt(offset + run.length);
      return IS_WORD_CHAR.test(before) && IS_WORD_CHAR.test(after) ? ' ' : '';
    });
  });
}

/** Display text of a repaired field: dropped marks can leave doubled or edge spaces. */
export const cleanText = (text: string) => text.replace(/ {2,}/g, ' ').trim();
