import { json } from '../../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../../support/testRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await runtime.dispose();
});

const compare = () =>
  postJson(`${runtime.url}/api/insurance/compare/metadata`, { organizationTypes: 'ISAPRE' });

test('a client over its allowance gets the robot 401; "Soy humano!" lets it through again', async () => {
  for (let i = 0; i < 3; i++) expect((await compare()).status).toBe(200);
  const refused = await compare();
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await json(refused)).toMatchObject({
    status: 401,
    title: 'El sistema piensa que eres un robot...',
    button: 'Soy humano!',
    apology: '(disculpa las molestias)',
    errors: [{ field: 'request', rule: 'rate_limit' }],
  });
  const human = await postJson(`${runtime.url}/api/insurance/compare/human`, undefined as never);
  expect(human.status).toBe(200);
  expect((await compare()).status).toBe(200);
});

test('the human check is limited too, or a bot would click it', async () => {
  const statuses = [];
  for (let i = 0; i < 5; i++)
    statuses.push((await fetch(`${runtime.url}/api/insurance/compare/human`, { method: 'POST' })).status);
  expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
});
