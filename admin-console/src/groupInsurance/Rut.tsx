import { formatRut } from '@cubre/schemas/identification';

/** A RUT as Chileans read it (002-5.04: 12.345.678-5); the API keeps it normalised (12345678-5). */
export function Rut({ value }: { value: string | null | undefined }) {
  return <>{value ? formatRut(value) : ''}</>;
}

export const fullName = (person: { name: string; paternalSurname: string; maternalSurname: string | null }) =>
  [person.name, person.paternalSurname, person.maternalSurname].filter(Boolean).join(' ');
