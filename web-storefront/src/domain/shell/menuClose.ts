/**
 * When the header's category menu closes by itself (rule 001-4.05, 001-9): on a click 380 px or more from
 * the top of the window, or on a click outside the open submenu.
 */
export const MENU_AUTO_CLOSE_FROM_TOP_PX = 380;

export function menuClosesOnClick(click: { clientY: number; insideSubmenu: boolean }): boolean {
  return !click.insideSubmenu || click.clientY >= MENU_AUTO_CLOSE_FROM_TOP_PX;
}
