import { ReferenceInput, SelectInput } from 'react-admin';

/** Codes offered with their words (the chip's vocabulary), so a filter reads like the list it filters. */
export const statusChoices = (statuses: readonly string[], vocabulary = 'status') =>
  statuses.map((id) => ({ id, name: `cubre.groupInsurance.${vocabulary}.${id}` }));

/** Staff's organization filter: every company with group insurance is theirs to look at. */
export const organizationInput = (resource: string) => (
  <ReferenceInput
    key="organizationId"
    source="organizationId"
    reference="organizations"
    perPage={1000}
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput optionText="name" label={`resources.${resource}.fields.organizationId`} />
  </ReferenceInput>
);

/** The policy filter: the user's policies (a company administrator's are their company's). */
export const policyInput = (resource: string, alwaysOn = true) => (
  <ReferenceInput
    key="policyId"
    source="policyId"
    reference="policies"
    perPage={1000}
    sort={{ field: 'number', order: 'ASC' }}
    alwaysOn={alwaysOn}
  >
    <SelectInput
      optionText={(policy: { number: string; name: string }) => `${policy.number} · ${policy.name}`}
      label={`resources.${resource}.fields.policyId`}
    />
  </ReferenceInput>
);
