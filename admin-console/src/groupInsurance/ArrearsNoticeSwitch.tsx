import { FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';
import { usePermissionList } from '../usePermissionList';
import { useConsoleCommand } from '../useConsoleCommand';

type ArrearsNotice = { policyId: string; notifyEmployeesOfArrears: boolean };

/** Its query's key: useConsoleCommand refreshes it (and the audit) after a change, or after a refusal. */
const NOTICE = 'policy-arrears-notice';

/**
 * The policy's arrears notice to its insured people (issue 15, services/src/arrears/README.md): read from
 * the policy's own stream (GET …/arrears-notice, the policies' list does not carry it) and switched with
 * PUT …/arrears-notice by a user holding `admin:policy:update-insurance-notification`; others see it
 * read-only. A refusal (409, 400) is the server's words in the console's error notice.
 */
export function ArrearsNoticeSwitch({ policyId }: { policyId: string }) {
  const translate = useTranslate();
  const mayChange = hasPermission(usePermissionList(), 'admin:policy:update-insurance-notification');
  const path = `/policies/${encodeURIComponent(policyId)}/arrears-notice`;
  const notice = useQuery({
    queryKey: [NOTICE, policyId],
    queryFn: async () => (await httpClient(`${API_URL}${path}`)).json as ArrearsNotice,
  });
  const change = useConsoleCommand(
    (dataProvider, on: boolean) =>
      dataProvider.adminCommand<ArrearsNotice>(path, { notifyEmployeesOfArrears: on }, { method: 'PUT' }),
    (result) => ({
      message: result.data.notifyEmployeesOfArrears
        ? 'cubre.groupInsurance.policies.arrearsNotice.on'
        : 'cubre.groupInsurance.policies.arrearsNotice.off',
      type: 'success',
    }),
    [NOTICE, 'audit'],
  );
  if (!notice.data) return null;
  const label = translate('cubre.groupInsurance.policies.arrearsNotice.label');
  return (
    <Stack>
      <FormControlLabel
        label={label}
        control={
          <Switch
            checked={notice.data.notifyEmployeesOfArrears}
            disabled={!mayChange || change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-label': label } }}
          />
        }
      />
      <FormHelperText>
        {translate(
          mayChange
            ? 'cubre.groupInsurance.policies.arrearsNotice.help'
            : 'cubre.groupInsurance.policies.arrearsNotice.readOnly',
        )}
      </FormHelperText>
    </Stack>
  );
}
