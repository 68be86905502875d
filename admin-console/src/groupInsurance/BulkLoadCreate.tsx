import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useCreatePath, useGetList, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '../access';
import { usePermissionList } from '../usePermissionList';
import { download, uploadBulkLoad } from './files';
import { templatePath } from './paths';
import {
  BULK_FILE_EXTENSIONS,
  BULK_KINDS,
  BULK_FILE_FORMATS,
  bulkFileProblem,
  uploadPermission,
  type BulkKind,
  type BulkFileFormat,
} from './lists';
import type { PolicyRecord } from './types';

/** The policy select: the user's policies (their company's, for a company administrator). */
function usePolicies() {
  return useGetList<PolicyRecord>('policies', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'number', order: 'ASC' },
  });
}

/** "Descargar plantilla": an empty file with the seed's columns of the chosen kind, in XLSX or CSV. */
function TemplateDownload({ kind }: { kind: BulkKind }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [format, setFormat] = useState<BulkFileFormat>('xlsx');
  const run = () =>
    download(templatePath(kind, format), `plantilla-${kind}.${format}`).catch((error: unknown) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={translate('cubre.groupInsurance.upload.templateFormat')}
        value={format}
        onChange={(event) => setFormat(event.target.value as BulkFileFormat)}
        sx={{ minWidth: 120 }}
      >
        {BULK_FILE_FORMATS.map((id) => (
          <MenuItem key={id} value={id}>
            {id.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()}>
        {translate('cubre.groupInsurance.upload.template')}
      </Button>
    </Stack>
  );
}

/**
 * A new bulk load: the policy, Altas or Bajas (only the kinds the user may upload, 002-6.05), the file
 * (.csv, .xls, .xlsx up to 15 MB, checked here and again by the server), sent as the request body; the
 * page then follows the load's dry run.
 */
export default function BulkLoadCreate() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const permissions = usePermissionList();
  const kinds = BULK_KINDS.filter((kind) => hasPermission(permissions, uploadPermission(kind)));
  const { data: policies = [] } = usePolicies();
  const [policyId, setPolicyId] = useState('');
  const [kind, setKind] = useState<BulkKind | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosenKind = kind || kinds[0] || '';
  const title = translate('cubre.groupInsurance.bulkLoads.new');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!policyId) return setProblem(translate('cubre.groupInsurance.upload.errors.policy'));
    if (!chosenKind) return;
    const fileProblem = bulkFileProblem(file);
    if (fileProblem || !file)
      return setProblem(translate(fileProblem ?? 'cubre.groupInsurance.upload.errors.required'));
    setProblem(null);
    setSending(true);
    try {
      const id = await uploadBulkLoad({ policyId, kind: chosenKind, file });
      await queryClient.invalidateQueries({ queryKey: ['bulk-loads'] });
      redirect(createPath({ resource: 'bulk-loads', id, type: 'show' }));
    } catch (error) {
      setProblem(error instanceof Error ? translate(error.message, { _: error.message }) : String(error));
      setSending(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} component="section" aria-label={title}>
      <Title title={title} />
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <TextField
              select
              required
              label={translate('resources.bulk-loads.fields.policyId')}
              value={policyId}
              onChange={(event) => setPolicyId(event.target.value)}
            >
              {policies.map((policy) => (
                <MenuItem key={policy.id} value={policy.id}>
                  {`${policy.number} · ${policy.name}`}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id="bulk-kind-label">{translate('resources.bulk-loads.fields.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="bulk-kind-label"
                value={chosenKind}
                onChange={(event) => setKind(event.target.value as BulkKind)}
              >
                {kinds.map((id) => (
                  <FormControlLabel
                    key={id}
                    value={id}
                    control={<Radio />}
                    label={translate(`cubre.groupInsurance.kinds.${id}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {chosenKind ? <TemplateDownload kind={chosenKind} /> : null}
            <Stack spacing={1}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                  {translate('cubre.groupInsurance.upload.choose')}
                  <input
                    hidden
                    type="file"
                    aria-label={translate('cubre.groupInsurance.upload.file')}
                    accept={BULK_FILE_EXTENSIONS.join(',')}
                    onChange={(event) => {
                      const chosen = event.target.files?.[0] ?? null;
                      setFile(chosen);
                      const fileProblem = chosen ? bulkFileProblem(chosen) : null;
                      setProblem(fileProblem ? translate(fileProblem) : null);
                    }}
                  />
                </Button>
                <Typography variant="body2" data-testid="chosen-file">
                  {file
                    ? `${file.name} (${Math.ceil(file.size / 1024)} KB)`
                    : translate('cubre.groupInsurance.upload.none')}
                </Typography>
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {translate('cubre.groupInsurance.upload.hint')}
              </Typography>
            </Stack>
            {problem ? (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={sending || !chosenKind}>
                {translate('cubre.groupInsurance.upload.submit')}
              </Button>
            </Stack>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
