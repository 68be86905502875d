/**
 * Text colour readable on a status colour: black or white by the WCAG relative luminance of a hex colour
 * (#rgb or #rrggbb). Anything else (a named colour) gets the theme's default text.
 */
export function textOn(background: string | null | undefined): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background?.trim() ?? '')?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const channel = (index: number) => {
    const value = parseInt(full.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast against black (L+0.05)/0.05 versus white 1.05/(L+0.05): black wins above L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
