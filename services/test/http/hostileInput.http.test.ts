import { depthOf, MAX_BODY_DEPTH } from '@cubre/platform/http/bodyDepth';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { signIn } from '../identity/support';

/**
 * Issue 13, "Bad input that still reaches a 500": answers a 400 naming the rule, over real HTTP, on every
 * kind of route (public command, public query, admin list).
 */
let runtime: TestRuntime;
let token: string;
beforeAll(async () => {
  runtime = await startTestRuntime();
  ({ token } = await signIn(runtime.url, 'admin@demo.cl'));
});
afterAll(async () => {
  await runtime.dispose();
});

const nested = (levels: number): unknown => {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const problemOf = async (response: Response) => {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return json(response);
};

describe('hostile input gets a 400 naming the rule (issue 13)', () => {
  test('the depth of a value is counted without recursion, and stops past the limit', () => {
    expect(depthOf({})).toBe(1);
    expect(depthOf({ a: [1, { b: 2 }] })).toBe(3);
    expect(depthOf('text')).toBe(0);
    expect(depthOf(nested(100_000))).toBe(MAX_BODY_DEPTH + 1);
  });

  /** Written as text: JSON.stringify itself would recurse thousands of levels. */
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}{}${'}'.repeat(levels)}`;
  test.each([
    ['/api/insurance/compare/metadata', `{"organizationTypes":["ISAPRE"],"profile":${deep(5000)}}`],
    ['/api/solicitarplans', `{"productCode":"X","profile":${deep(5000)}}`],
    ['/api/buscarplanes/comparator-url', `{"url":${deep(5000)}}`],
    ['/api/admin/organizations', `{"name":${deep(5000)}}`],
  ])(
    '%s: a body nested thousands of levels deep is refused before any route reads it',
    async (path, body) => {
      const response = await postJson(`${runtime.url}${path}`, body, { Authorization: `Bearer ${token}` });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toContainEqual({
        field: 'body',
        rule: 'max_depth',
        message: `el cuerpo anida a lo más ${MAX_BODY_DEPTH} niveles`,
      });
    },
  );

  test('a profile that is not an object is refused; one that breaks the profile rules is ignored, as the seed ignores a bad perfil', async () => {
    for (const profile of ['abc', 42, [[['x']]], true]) {
      const response = await postJson(`${runtime.url}/api/insurance/compare/metadata`, {
        organizationTypes: ['ISAPRE'],
        profile,
      });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'profile' });
    }
    const ignored = await postJson(`${runtime.url}/api/insurance/compare/metadata`, {
      organizationTypes: ['ISAPRE'],
      profile: { cotizante: [{ edad: 150 }] },
    });
    expect(ignored.status).toBe(200);
    expect((await json(ignored)).metaData.profileErrors[0].field).toBe('profile.cotizante.0.edad');
  });

  test('an admin list whose range is past 2^53 is a 400 naming range, not a 500', async () => {
    for (const range of ['[9007199254740993,9007199254740999]', '[0,9007199254740993]']) {
      const response = await fetch(`${runtime.url}/api/admin/users?range=${encodeURIComponent(range)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors[0]).toMatchObject({ field: 'range', rule: 'max' });
    }
  });
});
