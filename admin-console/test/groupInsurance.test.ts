import { DEFAULT_ROLE_PERMISSIONS } from '@cubre/schemas/identity/permissions';
import { canAccess } from '../src/access';
import {
  GROUP_INSURANCE_ACTIONS,
  MAX_BULK_FILE_BYTES,
  answerPermission,
  bulkFileProblem,
  bulkProgressPercent,
  isBulkLoadRunning,
  movementFilter,
  processOf,
  uploadPermission,
} from '../src/groupInsurance/lists';
import { exportPath, fileNameOf, reportPath, templatePath } from '../src/groupInsurance/paths';

const can = (role: keyof typeof DEFAULT_ROLE_PERMISSIONS, resource: string, action: string) =>
  canAccess(DEFAULT_ROLE_PERMISSIONS[role], resource, action);

describe("group insurance's screens by role (the server guards anyway)", () => {
  test('002-6.05 a company administrator reads policies, employees and loads, uploads, exports and confirms', () => {
    for (const resource of ['policies', 'employees', 'bulk-loads']) {
      expect(can('ADMIN_EMPRESA_CLIENTE', resource, 'list')).toBe(true);
      expect(can('ADMIN_EMPRESA_CLIENTE', resource, 'show')).toBe(true);
    }
    expect(can('ADMIN_EMPRESA_CLIENTE', 'bulk-loads', 'create')).toBe(true);
    expect(can('ADMIN_EMPRESA_CLIENTE', 'employees', 'export')).toBe(true);
    expect(can('ADMIN_EMPRESA_CLIENTE', 'policies', 'create')).toBe(false);
    expect(DEFAULT_ROLE_PERMISSIONS.ADMIN_EMPRESA_CLIENTE).toContain(GROUP_INSURANCE_ACTIONS.process);
  });

  test('002-6.05 a load is created with either upload permission; without both the button hides', () => {
    expect(canAccess(['bulk-load:bulk-activation'], 'bulk-loads', 'create')).toBe(true);
    expect(canAccess(['bulk-load:bulk-cancellation'], 'bulk-loads', 'create')).toBe(true);
    expect(canAccess(['bulk-load:read', 'bulk-load:process'], 'bulk-loads', 'create')).toBe(false);
    expect(uploadPermission('activation')).toBe('bulk-load:bulk-activation');
    expect(uploadPermission('cancellation')).toBe('bulk-load:bulk-cancellation');
  });

  test('the payroll manager reads and exports employees only; an executive sees none of it', () => {
    expect(can('ADMIN_EMPRESA_REMUNERACIONES', 'employees', 'list')).toBe(true);
    expect(can('ADMIN_EMPRESA_REMUNERACIONES', 'employees', 'export')).toBe(true);
    expect(can('ADMIN_EMPRESA_REMUNERACIONES', 'bulk-loads', 'list')).toBe(false);
    for (const resource of ['policies', 'employees', 'bulk-loads', 'bulk-load-problems']) {
      expect(can('EJECUTIVO', resource, 'list')).toBe(false);
      expect(can('ADMIN', resource, 'list')).toBe(true);
    }
  });

  test('002-4.08 002-6.11 the back office and post-sale answer for the insurer; a company administrator does not', () => {
    for (const role of ['BACKOFFICE', 'POSTVENTA', 'ADMIN'] as const) {
      for (const kind of ['activation', 'cancellation'] as const) {
        for (const answer of ['accept', 'decline'] as const) {
          expect(DEFAULT_ROLE_PERMISSIONS[role]).toContain(answerPermission(kind, answer));
        }
      }
      expect(can(role, 'employees', 'list')).toBe(true);
      expect(can(role, 'bulk-loads', 'list')).toBe(true);
    }
    expect(DEFAULT_ROLE_PERMISSIONS.ADMIN_EMPRESA_CLIENTE).not.toContain(
      answerPermission('activation', 'accept'),
    );
    // Staff's "Empresa" filter lists the companies: the back office reads them.
    expect(can('BACKOFFICE', 'organizations', 'list')).toBe(true);
  });

  test('the export needs employee:export, not only reading', () => {
    expect(canAccess(['employee:read'], 'employees', 'export')).toBe(false);
    expect(canAccess(['employee:read', 'employee:export'], 'employees', 'export')).toBe(true);
  });
});

describe("group insurance's rules in the console", () => {
  test('002-5.13 a roster file is .csv, .xls or .xlsx, not empty, at most 15 MB (decided)', () => {
    expect(bulkFileProblem({ name: 'altas.XLSX', size: 10 })).toBeNull();
    expect(bulkFileProblem({ name: 'altas.xls', size: 10 })).toBeNull();
    expect(bulkFileProblem({ name: 'altas.csv', size: MAX_BULK_FILE_BYTES })).toBeNull();
    expect(bulkFileProblem({ name: 'altas.csv', size: MAX_BULK_FILE_BYTES + 1 })).toBe(
      'cubre.groupInsurance.upload.errors.size',
    );
    expect(bulkFileProblem({ name: 'altas.pdf', size: 10 })).toBe(
      'cubre.groupInsurance.upload.errors.extension',
    );
    expect(bulkFileProblem({ name: 'altas.csv', size: 0 })).toBe('cubre.groupInsurance.upload.errors.empty');
    expect(bulkFileProblem(null)).toBe('cubre.groupInsurance.upload.errors.required');
    expect(MAX_BULK_FILE_BYTES).toBe(15 * 1024 * 1024);
  });

  test('002-4.09 ALTAS and BAJAS filter by movement, TODAS sends no filter', () => {
    expect(movementFilter('ALTAS')).toEqual({ movement: 'ALTAS' });
    expect(movementFilter('BAJAS')).toEqual({ movement: 'BAJAS' });
    expect(movementFilter('TODAS')).toEqual({});
  });

  test('002-4.08 002-6.11 a process is answered with the permission of its kind', () => {
    expect(processOf('PROCESS_ACTIVATION')).toBe('activation');
    expect(processOf('PROCESS_CANCELLATION')).toBe('cancellation');
    expect(processOf('ACTIVE')).toBeNull();
    expect(processOf('CANCELED')).toBeNull();
    expect(answerPermission('activation', 'accept')).toBe('policy-employee:process-activation:accept');
    expect(answerPermission('activation', 'decline')).toBe('policy-employee:process-activation:decline');
    expect(answerPermission('cancellation', 'accept')).toBe('policy-employee:process-cancellation:accept');
    expect(answerPermission('cancellation', 'decline')).toBe('policy-employee:process-cancellation:decline');
  });

  test('a load polls while it validates or commits; the bar is determinate only while committing', () => {
    expect(isBulkLoadRunning('VALIDATING')).toBe(true);
    expect(isBulkLoadRunning('COMMITTING')).toBe(true);
    for (const status of ['VALIDATED', 'COMMITTED', 'UNDONE', 'FAILED'])
      expect(isBulkLoadRunning(status)).toBe(false);
    const progress = { rowsRead: 500, rowsApplied: 250, rowsToApply: 1000 };
    expect(bulkProgressPercent('COMMITTING', progress)).toBe(25);
    expect(bulkProgressPercent('VALIDATING', progress)).toBeNull();
    expect(bulkProgressPercent('COMMITTING', { ...progress, rowsToApply: 0 })).toBeNull();
    expect(bulkProgressPercent('COMMITTING', { ...progress, rowsApplied: 2000 })).toBe(100);
  });

  test("downloads are saved under the server's file name, else the console's", () => {
    expect(fileNameOf('attachment; filename="reporte.csv"', 'x.csv')).toBe('reporte.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''plantilla%20altas.xlsx", 'x.xlsx')).toBe(
      'plantilla altas.xlsx',
    );
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
    expect(fileNameOf('attachment', 'x.csv')).toBe('x.csv');
  });

  test('the export carries the list filters and order; ids are escaped', () => {
    const path = exportPath({ movement: 'ALTAS', q: 'Pérez' }, { field: 'updatedAt', order: 'DESC' });
    const query = new URLSearchParams(path.split('?')[1]);
    expect(path.startsWith('/employees/export?')).toBe(true);
    expect(JSON.parse(query.get('filter') ?? '')).toEqual({ movement: 'ALTAS', q: 'Pérez' });
    expect(JSON.parse(query.get('sort') ?? '')).toEqual(['updatedAt', 'DESC']);
    expect(templatePath('cancellation', 'csv')).toBe('/bulk-loads/template?kind=cancellation&format=csv');
    expect(reportPath('a/b')).toBe('/bulk-loads/a%2Fb/report');
  });
});
