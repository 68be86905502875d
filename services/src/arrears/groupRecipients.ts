import { createHash } from 'node:crypto';
import { USERS_COLLECTION, type UserDocument } from '@cubre/schemas';
import { POLICY_CATEGORY, PolicyEvent } from '@cubre/schemas/groupInsurance/policy';
import { GROUP_EMPLOYEES_COLLECTION, type GroupEmployeeDocument } from '../groupInsurance';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';

/**
 * Who a group policy's arrears mail goes to (issue 15: "for group policies to the employer and, where the
 * policy says, to the employee"): every active user of the company that owns the policy (its
 * administrators) and, when the policy's `notifyEmployeesOfArrears` is on, every active insured holder
 * with an e-mail. Each recipient has its own part of the mail key, so each gets a stage once.
 */
export type GroupRecipient = {
  /** Appended to the stage's key: `empresa:{userId}` or `asegurado:{digest}` (never an address or a RUT). */
  keyPart: string;
  role: 'empresa' | 'asegurado';
  email: string;
  name: string;
};

export type GroupPolicy = {
  policyId: string;
  organizationId: string;
  name: string;
  number: string;
  notifyEmployeesOfArrears: boolean;
};

const PAGE = 500;
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * The policy folded from its own stream (`policy-{id}`, schemas/src/groupInsurance/policy.ts), not from a
 * read model that may lag a change of its notice; null when it does not exist.
 */
export async function groupPolicyOf(store: EventStore, policyId: string): Promise<GroupPolicy | null> {
  let policy = null as GroupPolicy | null;
  for (const stored of await store.readStream(`${POLICY_CATEGORY}-${policyId}`)) {
    const event = PolicyEvent.parse({ type: stored.type, data: stored.data });
    if (event.type === 'PolicyCreated') {
      const { organizationId, name, number, notifyEmployeesOfArrears } = event.data;
      policy = { policyId, organizationId, name, number, notifyEmployeesOfArrears };
    } else if (policy) {
      policy = { ...policy, notifyEmployeesOfArrears: event.data.notifyEmployeesOfArrears };
    }
  }
  return policy;
}

/** The company's administrators: its users still Activo, by e-mail once. */
async function employerRecipients(readStore: ReadStore, organizationId: string): Promise<GroupRecipient[]> {
  const users = await readStore
    .collection<UserDocument & { _id: string }>(USERS_COLLECTION)
    .find({ organizationId, status: 'Activo' }, { sort: { _id: 1 } });
  return users.map((user) => ({
    keyPart: `empresa:${user._id}`,
    role: 'empresa',
    email: user.email,
    name: user.name,
  }));
}

/**
 * The policy's insured holders whose employee status is ACTIVE (insured now, a cancellation in process
 * included), with an e-mail: a page at a time along the policy's stretch of the id index
 * (`{policyId}.{legalId}`; '/' follows '.'). Dependants (CARGA) are reached through their holder.
 */
async function employeeRecipients(readStore: ReadStore, policyId: string): Promise<GroupRecipient[]> {
  const employees = readStore.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION);
  const found: GroupRecipient[] = [];
  let after = `${policyId}.`;
  for (;;) {
    const page = await employees.find(
      { _id: { $gt: after, $lt: `${policyId}/` }, employeeStatus: 'ACTIVE', insuredType: 'TITULAR' },
      { sort: { _id: 1 }, limit: PAGE },
    );
    for (const employee of page) {
      const email = employee.person.email;
      if (!email) continue;
      const name = [employee.person.name, employee.person.paternalSurname].join(' ');
      found.push({ keyPart: `asegurado:${digest(employee._id)}`, role: 'asegurado', email, name });
    }
    if (page.length < PAGE) return found;
    after = page[page.length - 1]!._id;
  }
}

/** Everyone the policy's stage goes to, the employer first; the same address only once. */
export async function groupRecipients(readStore: ReadStore, policy: GroupPolicy): Promise<GroupRecipient[]> {
  const all = [
    ...(await employerRecipients(readStore, policy.organizationId)),
    ...(policy.notifyEmployeesOfArrears ? await employeeRecipients(readStore, policy.policyId) : []),
  ];
  const seen = new Set<string>();
  return all.filter((recipient) => {
    const address = recipient.email.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}
