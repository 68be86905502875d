/**
 * Decimal inputs (rules 001-5.08, 001-5.09): digits fill from the right with a fixed number of decimals
 * (default 2: typing 1, 2, 5 reads 0,01 → 0,12 → 1,25); past the optional maximum the leading digit is
 * dropped, so the next keystroke starts over from the right instead of being refused. Pasting is blocked:
 * a pasted '1.250,5' or '$ 1,250.50' has no single reading.
 */

export const DEFAULT_DECIMALS = 2;

export interface DecimalOptions {
  decimals?: number;
  max?: number;
  /** The decimal separator written ('.' or ','); ',' in Chile. */
  separator?: '.' | ',';
}

const valueOf = (digits: string, decimals: number) => Number(digits) / 10 ** decimals;

/** The text the input shows after the visitor typed `typed` (its previous text plus what changed). */
export function formatDecimalInput(typed: string, options: DecimalOptions = {}): string {
  const decimals = Math.max(0, Math.floor(options.decimals ?? DEFAULT_DECIMALS));
  let digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  const { max } = options;
  while (max !== undefined && digits !== '' && valueOf(digits, decimals) > max) digits = digits.slice(1);
  digits = digits.replace(/^0+/, '');
  if (digits === '') return '';
  const text = valueOf(digits, decimals).toFixed(decimals);
  return options.separator === ',' ? text.replace('.', ',') : text;
}

/** The number a decimal input's text stands for; undefined when blank. */
export function decimalInputValue(text: string): number | undefined {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** The paste handler of a decimal input: the paste never reaches it (001-5.08). */
export function blockPaste(event: { preventDefault(): void }): void {
  event.preventDefault();
}
