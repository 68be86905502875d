/** CLP of a UF amount, whole pesos (CLP has no decimals, rule 000-9.13). */
export function ufToClp(uf: number, ufValue: number): number {
  assertUfValue(ufValue);
  return Math.round(uf * ufValue) + 0;
}

export function assertUfValue(ufValue: number): void {
  if (!Number.isFinite(ufValue) || ufValue <= 0)
    throw new RangeError(`a UF value is a positive CLP amount, got ${ufValue}`);
}
