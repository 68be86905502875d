import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, ShowBase, Title, useCreatePath, useShowContext, useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { Details, Item } from '../Details';
import { usePermissionList } from '../usePermissionList';
import { EmployeeCommands } from './EmployeeCommands';
import { EmployeeHistory } from './EmployeeHistory';
import { GROUP_INSURANCE_ACTIONS } from './lists';
import { Rut, fullName } from './Rut';
import { GroupStatusChip } from './StatusChip';
import type { EmployeeRecord } from './types';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function EmployeeDetails() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const permissions = usePermissionList();
  const { record: person } = useShowContext<EmployeeRecord>();
  if (!person) return null;
  const field = (name: string) => translate(`resources.employees.fields.${name}`);
  const name = fullName(person);
  const title = translate('cubre.groupInsurance.employees.person');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={name} />
      <Section title={title}>
        <Details label={title}>
          <Item label={field('fullName')}>{name}</Item>
          <Item label={field('legalId')}>
            <Rut value={person.legalId} />
          </Item>
          <Item label={field('status')}>
            <GroupStatusChip status={person.status} />
          </Item>
          <Item label={field('employeeStatus')}>
            <GroupStatusChip status={person.employeeStatus} vocabulary="employeeStatus" />
          </Item>
          <Item label={field('movement')}>{person.movement}</Item>
          <Item label={field('policyNumber')}>
            <Link to={createPath({ resource: 'policies', id: person.policyId, type: 'show' })}>
              {person.policyNumber}
            </Link>
          </Item>
          <Item label={field('coverageGroup')}>{person.coverageGroup}</Item>
          <Item label={field('insuredType')}>
            {translate(`cubre.groupInsurance.insuredTypes.${person.insuredType}`, { _: person.insuredType })}
          </Item>
          {person.insuredType === 'CARGA' ? (
            <>
              <Item label={field('holderLegalId')}>
                <Rut value={person.holderLegalId} />
              </Item>
              <Item label={field('dependentType')}>{person.dependentType}</Item>
            </>
          ) : null}
          <Item label={field('birthDate')}>
            {person.birthDate ? `${person.birthDate} (${person.age ?? '—'})` : null}
          </Item>
          <Item label={field('gender')}>{person.gender}</Item>
          <Item label={field('email')}>{person.email}</Item>
          <Item label={field('phone')}>{person.phone}</Item>
          <Item label={field('effectiveDate')}>{person.effectiveDate}</Item>
          {person.cancellationReason ? (
            <Item label={field('cancellationReason')}>{person.cancellationReason}</Item>
          ) : null}
        </Details>
        <EmployeeCommands person={person} />
      </Section>
      {hasPermission(permissions, GROUP_INSURANCE_ACTIONS.history) ? (
        <Section title={translate('cubre.groupInsurance.history.title')}>
          <EmployeeHistory id={person.id} />
        </Section>
      ) : null}
    </Stack>
  );
}

/** One insured person under one policy: who they are, where they stand, their processes and history. */
export default function EmployeeShow() {
  return (
    <ShowBase>
      <EmployeeDetails />
    </ShowBase>
  );
}
