import { MENU_AUTO_CLOSE_FROM_TOP_PX, menuClosesOnClick } from '../../../src/domain/shell/menuClose';

describe('shell/menuClose', () => {
  test('001-4.05 the menu closes on a click 380 px or more from the top, or outside the submenu', () => {
    expect(MENU_AUTO_CLOSE_FROM_TOP_PX).toBe(380);
    expect(menuClosesOnClick({ clientY: 379, insideSubmenu: true })).toBe(false);
    expect(menuClosesOnClick({ clientY: 380, insideSubmenu: true })).toBe(true);
    expect(menuClosesOnClick({ clientY: 640, insideSubmenu: true })).toBe(true);
    expect(menuClosesOnClick({ clientY: 20, insideSubmenu: false })).toBe(true);
  });
});
