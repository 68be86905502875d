/**
 * Decimal inputs (rules 001-5.08, 001-5.09). What is typed keeps its meaning: '5' is five, '2,5' two and a
 * half (issue 11: filling digits from the right turned a typed deductible of 5 into 0,05). The last comma
 * or dot is the decimal mark; decimals beyond the configured number (default 2) are cut as they are
 * typed, and the value is written with exactly that many once committed ('5' → '5,00'). Past the optional
 * maximum the leading digit is dropped, so the next keystroke starts over instead of being refused. Paste
 * is blocked: a pasted '1.250,5' or '$ 1,250.50' has no single reading.
 */

export const DEFAULT_DECIMALS = 2;

export interface DecimalOptions {
  decimals?: number;
  max?: number;
  /** The decimal separator written ('.' or ','); ',' in Chile. */
  separator?: '.' | ',';
}

const decimalsOf = (options: DecimalOptions) => Math.max(0, Math.floor(options.decimals ?? DEFAULT_DECIMALS));

/** The text the input shows after the visitor typed `typed` (its previous text plus what changed). */
export function formatDecimalInput(typed: string, options: DecimalOptions = {}): string {
  const decimals = decimalsOf(options);
  const text = typed.replace(/[^\d.,]/g, '');
  const mark = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let whole = (mark < 0 ? text : text.slice(0, mark)).replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const fraction = mark < 0 || decimals === 0 ? null : text.slice(mark + 1).slice(0, decimals);
  const { max } = options;
  while (max !== undefined && whole !== '' && Number(`${whole}.${fraction ?? ''}`) > max)
    whole = whole.slice(1).replace(/^0+(?=\d)/, '');
  if (whole === '' && fraction === null) return '';
  const units = whole === '' ? '0' : whole;
  return fraction === null ? units : `${units}${options.separator ?? '.'}${fraction}`;
}

/** The committed value as the input writes it: exactly the configured decimals ('5' → '5,00'). */
export function formatDecimalValue(value: number, options: DecimalOptions = {}): string {
  const text = value.toFixed(decimalsOf(options));
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
