/**
 * The header's two icons as plain SVG (Material's paths): MUI's icon components bring SvgIcon and its
 * styling into the first page's bundle for two glyphs.
 */
const glyph = (path: string) =>
  function Icon() {
    return (
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
        fill="currentColor"
      >
        <path d={path} />
      </svg>
    );
  };

export const BellIcon = glyph(
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z',
);
export const MenuGlyph = glyph('M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z');
