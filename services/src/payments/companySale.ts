import type { Country } from '@cubre/schemas';
import { DEFAULT_RETROACTIVE_DAYS } from '@cubre/schemas/insurers/settings';
import {
  ONLINE_COVERAGE_GROUP,
  isCompanyProduct,
  workersPriced,
} from '@cubre/schemas/payments/companyPurchase';
import type { SaleCollaborator, SaleCompany } from '@cubre/schemas/payments/companySale';
import type { StartSaleBody } from '@cubre/schemas/payments/sales';
import type { RawRow, RowContext, RowProblem } from '@cubre/schemas/groupInsurance/rows';
import { CommandRejected } from '@cubre/platform/core/decider';
import { HttpProblem } from '@cubre/platform/http/problem';
import type { CardDocument } from '../catalogue';

/** Whether the catalogue's product is a company's (priced per worker by the comparator). */
export const isCompanyCard = (card: CardDocument): boolean =>
  isCompanyProduct({ productType: card.productType, insuranceType: card.insuranceTypeName });

const rejected = (message: string, rule: string, field: string) =>
  new CommandRejected(message, rule, 422, field);

/**
 * 'Datos empresa' and 'Datos colaboradores' of a sale (issue 14): required for a company's product, refused
 * for any other. The collaborators are the workers the card priced (the profile's count), no fewer than
 * the product's minimum, each row judged by the bulk-load rows module exactly as an uploaded file's row
 * (`judgeRow`, then `createFileChecks` for a RUT twice): a problem names `collaborators.{i}.{column}`.
 */
export function companyOf(
  card: CardDocument,
  body: StartSaleBody,
  country: Country,
  today: string,
  judge: JudgeActivationRows | undefined,
): { company: SaleCompany | null; collaborators: SaleCollaborator[] } {
  if (!isCompanyCard(card)) {
    if (body.company) throw rejected('el producto no es de empresa', 'company_not_asked', 'company');
    if (body.collaborators)
      throw rejected('el producto no es de empresa', 'collaborators_not_asked', 'collaborators');
    return { company: null, collaborators: [] };
  }
  // The roster of a policy is kept by Chilean RUT (002-3.41): other editions' companies request a quote.
  if (country !== 'CL')
    throw rejected(
      'la contratación en línea de un seguro de empresa es solo en Chile: solicite una cotización',
      'company_country',
      'productCode',
    );
  if (!body.company) throw rejected('falta Datos empresa', 'required', 'company');
  if (!body.collaborators) throw rejected('falta Datos colaboradores', 'required', 'collaborators');
  if (body.dependants?.length || body.health)
    throw rejected('un seguro de empresa no lleva cargas ni declaración de salud', 'not_asked', 'dependants');
  const workers = workersPriced(body.profile);
  const minimum = ('minEmployeeQuantity' in card.definition && card.definition.minEmployeeQuantity) || 1;
  if (workers < minimum)
    throw rejected(
      `el producto exige al menos ${minimum} trabajadores; el perfil cotizó ${workers}`,
      'min_employees',
      'profile',
    );
  if (body.collaborators.length !== workers)
    throw rejected(
      `collaborators lleva un colaborador por cada trabajador cotizado (${workers})`,
      'collaborators_count',
      'collaborators',
    );
  if (!judge)
    throw rejected('la contratación de empresas no está disponible', 'company_unavailable', 'productCode');
  return { company: body.company, collaborators: judgedCollaborators(body.collaborators, today, judge) };
}

/**
 * What judging activation rows needs of group insurance (its rows module: `judgeRow` and the file's checks
 * across rows); the runtime wires it, so payments never import another domain's files.
 */
export type JudgeActivationRows = (
  rows: RawRow[],
  context: RowContext,
) => { rows: SaleCollaborator[]; problems: RowProblem[] };

function judgedCollaborators(
  rows: NonNullable<StartSaleBody['collaborators']>,
  today: string,
  judge: JudgeActivationRows,
) {
  // Each collaborator is a holder (TITULAR) covered from the day of the sale in the policy's one group;
  // row numbers as a file's (its header is row 1), the problems named by index all the same.
  const raws: RawRow[] = rows.map((row, index) => ({
    rowNumber: index + 2,
    cells: {
      ...row,
      maternalSurname: row.maternalSurname ?? '',
      email: row.email ?? '',
      insuredType: 'TITULAR',
      effectiveDate: today,
      coverageGroup: ONLINE_COVERAGE_GROUP,
    },
  }));
  const judged = judge(raws, {
    today,
    retroactiveDays: DEFAULT_RETROACTIVE_DAYS,
    coverageGroups: [ONLINE_COVERAGE_GROUP],
  });
  if (judged.problems.length > 0)
    throw new HttpProblem(
      400,
      'validation',
      'Solicitud inválida',
      'revise los datos de los colaboradores',
      judged.problems.map((problem) => ({
        field: `collaborators.${problem.rowNumber - 2}.${problem.column}`,
        rule: problem.rule,
        message: problem.message,
      })),
    );
  return judged.rows;
}
