import {
  askPageToOpenProfile,
  OPEN_PROFILE_STATE,
  opensProfile,
  takeProfileRequests,
} from '../../../src/domain/routing/profileRequest';

describe('routing/profileRequest', () => {
  test('001-2.28 the profile menu opens the profile modal of the comparator on screen', () => {
    const page = new EventTarget();
    let opened = 0;
    const stop = takeProfileRequests(page, () => opened++);
    expect(askPageToOpenProfile(page)).toBe(true);
    expect(opened).toBe(1);
    stop();
    expect(askPageToOpenProfile(page)).toBe(false);
    expect(opened).toBe(1);
  });

  test('001-2.28 with no comparator on screen the menu navigates with the state that opens the modal', () => {
    // Nobody took the request: the menu has to navigate to a comparator.
    expect(askPageToOpenProfile(new EventTarget())).toBe(false);
    expect(opensProfile(OPEN_PROFILE_STATE)).toBe(true);
    expect(opensProfile(null)).toBe(false);
    expect(opensProfile({})).toBe(false);
    expect(opensProfile({ openProfile: 'yes' })).toBe(false);
  });
});
