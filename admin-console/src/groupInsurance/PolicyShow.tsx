import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link, ShowBase, Title, useCreatePath, useShowContext, useTranslate } from 'react-admin';
import { canAccess } from '../access';
import { Details, Item } from '../Details';
import { usePermissionList } from '../usePermissionList';
import { ArrearsNoticeSwitch } from './ArrearsNoticeSwitch';
import { PolicyCounts } from './PolicyList';
import { GroupStatusChip } from './StatusChip';
import type { PolicyRecord } from './types';

/** A list's address filtered by this policy (the employees and loads of it). */
function useFilteredList() {
  const createPath = useCreatePath();
  return (resource: string, policyId: string) =>
    `${createPath({ resource, type: 'list' })}?${new URLSearchParams({
      filter: JSON.stringify({ policyId }),
    })}`;
}

function PolicyDetails() {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const listOf = useFilteredList();
  const { record: policy } = useShowContext<PolicyRecord>();
  if (!policy) return null;
  const field = (name: string) => translate(`resources.policies.fields.${name}`);
  const title = `${translate('resources.policies.name', { smart_count: 1 })} ${policy.number}`;
  const groups = translate('cubre.groupInsurance.policies.coverageGroups');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={title} />
      <Card component="section" aria-label={title} variant="outlined">
        <CardContent>
          <Details label={title}>
            <Item label={field('number')}>{policy.number}</Item>
            <Item label={field('name')}>{policy.name}</Item>
            <Item label={field('organizationName')}>{policy.organizationName}</Item>
            <Item label={field('insurerName')}>{`${policy.insurerName} (${policy.insurerCode})`}</Item>
            <Item label={field('status')}>
              <GroupStatusChip status={policy.status} />
            </Item>
            <Item label={field('startDate')}>{policy.startDate}</Item>
            <Item label={field('counts')}>
              <PolicyCounts policy={policy} />
            </Item>
            <Item label={field('arrearsNotice')}>
              <ArrearsNoticeSwitch policyId={policy.id} />
            </Item>
          </Details>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {canAccess(permissions, 'employees', 'list') ? (
              <Button component={Link} to={listOf('employees', policy.id)} variant="outlined">
                {translate('cubre.groupInsurance.policies.employees')}
              </Button>
            ) : null}
            {canAccess(permissions, 'bulk-loads', 'list') ? (
              <Button component={Link} to={listOf('bulk-loads', policy.id)} variant="outlined">
                {translate('cubre.groupInsurance.policies.bulkLoads')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Card component="section" aria-label={groups} variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {groups}
          </Typography>
          <Table size="small" aria-label={groups}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('cubre.groupInsurance.policies.groupCode')}</TableCell>
                <TableCell>{translate('cubre.groupInsurance.policies.groupName')}</TableCell>
                <TableCell>{translate('cubre.groupInsurance.policies.planName')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {policy.coverageGroups.map((group) => (
                <TableRow key={group.code}>
                  <TableCell>{group.code}</TableCell>
                  <TableCell>{group.name}</TableCell>
                  <TableCell>{group.planName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** A policy: its company, insurer, status, counts of people and coverage groups with their plans. */
export default function PolicyShow() {
  return (
    <ShowBase>
      <PolicyDetails />
    </ShowBase>
  );
}
