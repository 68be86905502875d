/** The colectivos modal's addresses (001-2.10), apart from its rules so the route table carries only these. */

/** The guard's address (001-2.10: "after navigating to a given URL"). */
export const COLECTIVOS_GUARD_PATH = '/Cotizar-Seguro-Colectivo';
/** The comparator behind the modal, where the visitor stays once the groups are sent. */
export const COLECTIVOS_COMPARATOR_PATH = '/Comparar/Seguro-Complementario-Empresa';
