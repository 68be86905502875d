import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARREARS_STAGES, RESUME_TEMPLATES, standingOf, type ArrearsStanding } from '@cubre/schemas/arrears';
import { MAIL_LOCALES, MAIL_TEMPLATES } from '@cubre/schemas/mail/mailRequest';
import { PolicyCreatedData } from '@cubre/schemas/groupInsurance/policy';
import type { ResumeDocument } from '@cubre/projections/arrears/projection';
import { policyDecider } from '@cubre/services/groupInsurance/policyDecider';
import { arrearsMail, groupArrearsMail, resumeMail } from '@cubre/services/arrears/mails';
import { renderMail } from '@cubre/services/mail/templates/render';

/**
 * 002-3.13 says there are 24 notification event types and names none. The ones this product sends are
 * its mail templates (services/src/mail/README.md, "Notification event types (002-3.13)"): a reminder can
 * only use the arrears stages and the resume-contracting reminders, and a group policy's recipients change
 * who reads a stage, never which stage it is.
 */
const standing: ArrearsStanding = standingOf([
  {
    type: 'SubscriptionCreated',
    occurredAt: '2026-10-01T12:00:00.000Z',
    data: {
      subscriptionId: 'sub-1',
      saleId: 'sale-1',
      country: 'CL',
      locale: 'es',
      product: { code: 'VIDA', name: 'Vida colectivo', organization: { code: 'av', name: 'Austral Vida' } },
      buyer: { nombre: 'Compras', email: 'compras@example.com' },
      amount: { amount: 12990, currency: 'CLP' },
      groupPolicyId: 'sur-vida-2026',
    },
  },
  {
    type: 'SubscriptionChargeDeclined',
    occurredAt: '2026-11-01T12:00:00.000Z',
    data: { period: '2026-11', overdueCount: 0, nextAttemptOn: '2026-11-02' },
  },
])!;
const policy = {
  policyId: 'sur-vida-2026',
  organizationId: 'transportes-sur',
  name: 'Vida colectivo',
  number: 'POL-2002',
  notifyEmployeesOfArrears: true,
};
const employer = {
  keyPart: 'empresa:u-1',
  role: 'empresa' as const,
  email: 'rrhh@example.com',
  name: 'Rosa',
};
const insured = {
  keyPart: 'asegurado:abc',
  role: 'asegurado' as const,
  email: 'p@example.com',
  name: 'Pedro',
};

/**
 * The notification types the mail README's table lists (its first column, in order): `a`, `b` cells each
 * a type, `x_1..3` three of them.
 */
function typesTheReadmeLists(): string[] {
  const readme = readFileSync(join(__dirname, '../../src/mail/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('**Notification event types (002-3.13).**'));
  const rows = section.split('\n').filter((line) => /^\s*\| `/.test(line));
  return rows.flatMap((row) =>
    [...row.split('|')[1]!.matchAll(/`([a-z_0-9]+?)(?:(\d)\.\.(\d))?`/g)].flatMap(([, name, from, to]) =>
      from === undefined
        ? [name!]
        : Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => `${name}${Number(from) + i}`),
    ),
  );
}

test('002-3.13 the notification types we send are the mail templates, in the order the README lists them', () => {
  expect(MAIL_TEMPLATES).toEqual(typesTheReadmeLists());
});

test('002-3.13 a reminder uses only the arrears stages and the resume-contracting templates, whoever reads it', () => {
  const reminderTemplates = new Set<string>();
  for (const stage of ARREARS_STAGES) {
    reminderTemplates.add(arrearsMail(standing, stage, `k:${stage}`).template);
    for (const recipient of [employer, insured]) {
      const mail = groupArrearsMail(standing, stage, `k:${stage}`, policy, recipient);
      expect(mail.template).toBe(stage);
      expect(mail.key).toBe(`k:${stage}:${recipient.keyPart}`);
      reminderTemplates.add(mail.template);
    }
  }
  const sale = { _id: 'sale-1', buyer: { nombre: 'Ana', email: 'a@example.com' }, country: 'CL' };
  for (const template of RESUME_TEMPLATES) {
    reminderTemplates.add(resumeMail(sale as ResumeDocument, template, `k:${template}`).template);
  }
  expect([...reminderTemplates]).toEqual([...ARREARS_STAGES, ...RESUME_TEMPLATES]);
  for (const template of reminderTemplates) expect(MAIL_TEMPLATES).toContain(template);
});

test.each(MAIL_LOCALES)(
  '002-4.17 an insured person reads that their employer’s premium is overdue (%s): no amount, no pay button',
  (locale) => {
    const employee = groupArrearsMail({ ...standing, locale }, 'mora_2', 'k', policy, insured);
    expect(employee.data).not.toHaveProperty('monto');
    expect(employee.data).not.toHaveProperty('enlace');
    const rendered = renderMail(employee, {
      unsubscribeTo: 'baja@cubre.test',
      mailId: '9b2f6c1e-0000-5000-8000-000000000001',
    });
    expect(rendered.html).not.toMatch(/Pagar ahora|Pay now|Pagar agora/);
    expect(rendered.text).toContain('POL-2002');
    expect(rendered.text).not.toContain('12.990');
    const employerMail = groupArrearsMail({ ...standing, locale }, 'mora_2', 'k', policy, employer);
    expect(employerMail.data.monto).toMatch(/12[.,]990/);
    expect(employerMail.to.email).toBe('rrhh@example.com');
    expect(rendered.subject).toBe(
      renderMail(employerMail, {
        unsubscribeTo: 'baja@cubre.test',
        mailId: '9b2f6c1e-0000-5000-8000-000000000001',
      }).subject,
    );
  },
);

describe('a group policy’s arrears notice to its insured people', () => {
  const created = PolicyCreatedData.parse({
    policyId: 'p-1',
    organizationId: 'o-1',
    insurerCode: 'i-1',
    number: 'N-1',
    name: 'Vida',
    coverageGroups: [{ code: 'G1', name: 'Todos', planName: 'Plan' }],
    status: 'ACTIVE',
    startDate: '2026-01-01',
  });

  test('is off unless the policy says so, and recorded only when it changes', () => {
    expect(created.notifyEmployeesOfArrears).toBe(false);
    const state = policyDecider.evolve(policyDecider.initialState(), {
      type: 'PolicyCreated',
      data: created,
    });
    expect(state.notifyEmployeesOfArrears).toBe(false);
    const off = { type: 'SetArrearsNotice' as const, policyId: 'p-1', notifyEmployeesOfArrears: false };
    expect(policyDecider.decide(off, state)).toEqual([]);
    const on = policyDecider.decide({ ...off, notifyEmployeesOfArrears: true }, state);
    expect(on).toEqual([
      { type: 'PolicyArrearsNoticeChanged', data: { policyId: 'p-1', notifyEmployeesOfArrears: true } },
    ]);
    expect(policyDecider.evolve(state, on[0]!).notifyEmployeesOfArrears).toBe(true);
  });

  test('cannot be set on a policy that does not exist', () => {
    expect(() =>
      policyDecider.decide(
        { type: 'SetArrearsNotice', policyId: 'p-2', notifyEmployeesOfArrears: true },
        policyDecider.initialState(),
      ),
    ).toThrow('no existe la póliza p-2');
  });
});
