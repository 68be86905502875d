import {
  DEFAULT_REGION,
  INVALID_PROFILE_MESSAGE,
  AGE_RULES,
  HOLDER_AGE_REQUIRED_MESSAGE,
  MAX_INSURED_ADULTS,
  MAX_PROFILE_MEMBERS,
  PERSON_DEFAULT_AGE,
  Prevision,
  SCTR_DEFAULT_INGRESO,
  Sexo,
  defaultProfile,
  type Country,
  type ProductType,
} from '@cubre/schemas';
import type {
  ProfileForm,
  ProfileFormDefinition,
  ProfileFormField,
  ProfileFormKind,
} from '@cubre/schemas/site';

/**
 * The profile form of each product type (seed 000 §3 "Profile form definition", rule 000-7.15). Every
 * field names a key of the Profile schema (schemas/src/profile.ts) and carries the rules that schema
 * applies on POST /api/profile-form/data, so the storefront can check as the visitor types and the server
 * still has the last word.
 */

/** Which form a product type gets (seed 000 §3 product types; EPS is `colectivo`). */
export function formKindOf(productType: ProductType): ProfileFormKind {
  switch (productType) {
    case 'SEGURO_MASCOTAS':
      return 'pet';
    case 'SEGURO COLECTIVO':
    case 'colectivo':
    case 'SCTR':
      return 'collective';
    case 'SEGURO INTERNACIONAL':
      return 'international';
    case '':
    case 'ISAPRES':
    case 'SEGURO VIDA':
    case 'Medicina Prepagada':
      return 'person';
    default: {
      const unknown: never = productType;
      throw new Error(`unknown product type ${String(unknown)}`);
    }
  }
}

type FieldOptions = Partial<ProfileFormField['elements']> &
  Partial<Pick<ProfileFormField, 'groupedBy' | 'wrapper' | 'isMultiple'>> & {
    validation?: Partial<ProfileFormField['validation']>;
  };

function field(
  fldName: string,
  fldType: ProfileFormField['fieldType']['fldType'],
  htmlType: string | null,
  label: string,
  dataType: ProfileFormField['elements']['dataType'],
  options: FieldOptions = {},
): ProfileFormField {
  const { groupedBy, wrapper, isMultiple, validation, ...elements } = options;
  return {
    fldName,
    groupedBy: groupedBy ?? null,
    wrapper: wrapper ?? null,
    isMultiple: isMultiple ?? false,
    fieldType: { fldType, htmlType },
    elements: {
      label,
      placeholder: null,
      mask: null,
      helper: null,
      defaultValue: null,
      dataType,
      allowedValues: null,
      class: null,
      groupClass: null,
      hideExpression: null,
      changeAction: null,
      retrieveFunction: null,
      ...elements,
    },
    validation: { required: false, ...validation },
  };
}

const values = (items: readonly string[]) => items.map((value) => ({ value, label: value }));
/** Ages by who is insured (schemas/src/profileAges.ts): the same ranges and words as the API's. */
const ageField = (group: keyof typeof AGE_RULES, defaultValue: number | null, required: boolean) =>
  field('edad', 'input', 'number', 'Edad', 'integer', {
    groupedBy: group,
    mask: '999',
    placeholder: 'Años',
    defaultValue,
    class: 'col-4',
    validation: {
      required,
      min: AGE_RULES[group].range.min,
      max: AGE_RULES[group].range.max,
      message: AGE_RULES[group].message,
      ...(required && group === 'cotizante' ? { requiredMessage: HOLDER_AGE_REQUIRED_MESSAGE } : {}),
    },
  });
const sexField = (group: string, defaultValue: string | null) =>
  field('sexo', 'radio', 'radio', 'Sexo', 'string', {
    groupedBy: group,
    allowedValues: values(Sexo.options),
    defaultValue,
    class: 'col-4',
    validation: { required: true, message: 'El sexo debe ser Masculino o Femenino' },
  });
const amountField = (
  name: string,
  group: string | null,
  label: string,
  helper: string | null,
  defaultValue: number | null = null,
) =>
  field(name, 'input', 'text', label, 'amount', {
    groupedBy: group,
    mask: 'currency',
    placeholder: 'Ej: 1.650.000',
    helper,
    defaultValue,
    validation: { required: false, min: 0 },
  });
const countField = (name: string, group: string | null, label: string, min: number, helper: string) =>
  field(name, 'input', 'number', label, 'integer', {
    groupedBy: group,
    mask: '9999999',
    helper,
    validation: { required: true, min, max: 1_000_000 },
  });

/** Dependants (seed 000 §2 dependants box): hidden for collective forms (rule 000-2.56). */
const dependantsFields = (): ProfileFormField[] => [
  field('enPareja', 'checkbox', 'checkbox', '¿Incluir a tu pareja?', 'boolean', {
    defaultValue: false,
    changeAction: 'toggleSpouse',
    helper: 'Agrega una carga Cónyuge; solo puede haber una',
  }),
  field('cargas', 'array', null, 'Cargas', 'list', {
    isMultiple: true,
    wrapper: 'dependants-box',
    defaultValue: [],
    changeAction: 'validateDependants',
    validation: { required: false, maxItems: MAX_PROFILE_MEMBERS },
  }),
  sexField('cargas', null),
  ageField('cargas', null, true),
  field('parentesco', 'select', 'select', 'Parentesco', 'string', {
    groupedBy: 'cargas',
    allowedValues: values(['Cónyuge', 'Hijo/Hija', 'Padre/Madre', 'Otro']),
    class: 'col-4',
    validation: { required: false, maxLength: 50 },
  }),
];

function personFields(country: Country, productType: ProductType): ProfileFormField[] {
  const fields: ProfileFormField[] = [
    field('cotizante', 'array', null, 'Titular', 'list', {
      isMultiple: true,
      wrapper: 'row',
      defaultValue: defaultProfile(country).cotizante,
      validation: { required: true, maxItems: MAX_INSURED_ADULTS },
    }),
    sexField('cotizante', country === 'INT' ? null : 'Masculino'),
    // Peru fills a missing first age with 25 (rule 000-5.24); elsewhere the visitor gives it (issue 11).
    ageField('cotizante', PERSON_DEFAULT_AGE, country !== 'PE'),
  ];
  if (country === 'CL') {
    // Income only matters to isapre prices (the legal 7%, seed 000 §9).
    fields.push(
      amountField('ingreso', 'cotizante', 'Renta mensual', 'Líquida, salvo que indiques bruta o imponible'),
    );
    if (productType !== 'ISAPRES') fields.at(-1)!.elements.hideExpression = "model.prevision !== 'Isapre'";
    fields.push(
      field('prevision', 'radio', 'radio', 'Previsión', 'string', {
        allowedValues: values(Prevision.options),
        validation: { required: false, message: 'La previsión debe ser Isapre o Fonasa' },
      }),
      field('region', 'select', 'select', 'Región', 'object', {
        defaultValue: DEFAULT_REGION,
        retrieveFunction: 'regions',
        validation: { required: false },
      }),
    );
  }
  if (country === 'CO' || country === 'INT') {
    fields.push(
      field('maternidad', 'checkbox', 'checkbox', 'Cobertura de maternidad', 'boolean', {
        groupedBy: 'cotizante',
        defaultValue: false,
      }),
    );
  }
  if (country === 'CO') {
    fields.push(
      field('eps_actual', 'select', 'select', 'EPS actual', 'string', {
        groupedBy: 'cotizante',
        retrieveFunction: 'epsOrganizations',
        validation: { required: false, maxLength: 100, forbiddenValues: ['notengo'] },
      }),
    );
  }
  return [...fields, ...dependantsFields()];
}

function internationalFields(): ProfileFormField[] {
  return [
    field('titular', 'group', null, 'Titular', 'object', { wrapper: 'row', validation: { required: true } }),
    ...(['nacionalidad', 'paisCobertura'] as const).map((name) =>
      field(
        name,
        'select',
        'select',
        name === 'nacionalidad' ? 'Nacionalidad' : 'País de cobertura',
        'string',
        {
          groupedBy: 'titular',
          retrieveFunction: 'countries',
          changeAction: 'markDataEntered',
          validation: { required: false, maxLength: 100 },
        },
      ),
    ),
    ...personFields('INT', 'SEGURO INTERNACIONAL'),
  ];
}

function petFields(): ProfileFormField[] {
  return [
    field('mascota', 'array', null, 'Mascotas', 'list', {
      isMultiple: true,
      wrapper: 'dependants-box',
      defaultValue: [{ especie: 'Perro', parentesco: 'Mascota' }],
      validation: { required: true, maxItems: MAX_PROFILE_MEMBERS },
    }),
    field('especie', 'select', 'select', 'Especie', 'string', {
      groupedBy: 'mascota',
      allowedValues: values(['Perro', 'Gato']),
      defaultValue: 'Perro',
      validation: { required: true, maxLength: 50 },
    }),
    field('raza', 'input', 'text', 'Raza', 'string', {
      groupedBy: 'mascota',
      placeholder: 'Ej: Labrador',
      validation: { required: false, maxLength: 100 },
    }),
    ageField('mascota', null, false),
    field('parentesco', 'input', 'hidden', 'Parentesco', 'string', {
      groupedBy: 'mascota',
      defaultValue: 'Mascota',
      validation: { required: false },
    }),
  ];
}

/** Peru's pension systems: the private one (AFP) and the national one (ONP). */
const PERU_PENSION_SYSTEMS = ['AFP', 'ONP'] as const;

function collectiveFields(country: Country, productType: ProductType): ProfileFormField[] {
  if (productType === 'SCTR') {
    return [
      field('sctr', 'group', null, 'Datos de la empresa', 'object', { validation: { required: true } }),
      countField('cantidadempleados', 'sctr', 'Cantidad de trabajadores', 1, 'Trabajadores a asegurar'),
      amountField('ingreso', 'sctr', 'Remuneración promedio', 'En soles', SCTR_DEFAULT_INGRESO),
      field('sector', 'select', 'select', 'Sector', 'string', {
        groupedBy: 'sctr',
        retrieveFunction: 'workSectors',
        validation: { required: false, maxLength: 100 },
      }),
      field('tipo_trabajo', 'radio', 'radio', 'Tipo de trabajo', 'string', {
        groupedBy: 'sctr',
        allowedValues: values(['Administrativo', 'Operativo']),
        validation: { required: false, maxLength: 100 },
      }),
    ];
  }
  // Colombia only: at least 10 employees (rule 000-5.23).
  const minimum = country === 'CO' ? 10 : 1;
  const fields = [
    field('colectivo', 'group', null, 'Tu empresa', 'object', { validation: { required: true } }),
    countField(
      'cantidadempleados',
      'colectivo',
      'Cantidad de empleados',
      minimum,
      'Los planes colectivos piden un mínimo de empleados',
    ),
  ];
  // Peru's collective profile also says the workers' pension system (seed 002 §3, rule 002-3.40).
  if (country === 'PE') {
    fields.push(
      field('sistemaprevisional', 'select', 'select', 'Sistema previsional', 'string', {
        groupedBy: 'colectivo',
        allowedValues: values(PERU_PENSION_SYSTEMS),
        validation: { required: false, maxLength: 100 },
      }),
    );
  }
  if (productType === 'SEGURO COLECTIVO') {
    fields.push(
      field('colectivos', 'array', null, 'Grupos de trabajadores', 'list', {
        isMultiple: true,
        defaultValue: [],
        validation: { required: false, maxItems: MAX_PROFILE_MEMBERS },
      }),
      countField('cantidadDeTrabajadores', 'colectivos', 'Trabajadores', 0, 'Trabajadores del grupo'),
      countField('cantidadDeCargas', 'colectivos', 'Cargas', 0, 'Cargas de esos trabajadores'),
    );
  }
  return fields;
}

const TEXTS: Record<ProfileFormKind, Pick<ProfileForm, 'title' | 'hint' | 'tooltip'>> = {
  person: {
    title: '¿Quiénes serán asegurados?',
    hint: 'El precio varía según sexo y edad',
    tooltip: 'Ingresa tu perfil para calcular el precio exacto de cada plan para ti y tu familia',
  },
  international: {
    title: '¿Quiénes serán asegurados?',
    hint: 'El precio varía según sexo y edad',
    tooltip: 'Ingresa tu perfil para calcular el precio exacto de cada seguro internacional',
  },
  pet: {
    title: '¿Quiénes serán asegurados?',
    hint: 'El precio varía según raza y edad de tu mascota',
    tooltip: 'Ingresa los datos de tu mascota para calcular el precio exacto de cada seguro',
  },
  collective: {
    title: 'Ingresa el número de empleados',
    hint: 'El precio varía según la cantidad de empleados',
    tooltip: 'Ingresa los datos de tu empresa para calcular el precio total de cada seguro colectivo',
  },
};

/** The profile form of a product type in one edition (rules 000-2.47 to 000-2.49, 000-2.56, 000-3.20). */
export function profileFormDefinition(productType: ProductType, country: Country): ProfileFormDefinition {
  const kind = formKindOf(productType);
  const fields =
    kind === 'pet'
      ? petFields()
      : kind === 'collective'
        ? collectiveFields(country, productType)
        : kind === 'international'
          ? internationalFields()
          : personFields(country, productType);
  const addText =
    kind === 'collective'
      ? null
      : kind === 'pet'
        ? 'Agregar Mascota'
        : country === 'PE'
          ? 'Agregar Persona'
          : 'Agregar carga';
  return {
    profileForm: {
      kind,
      productType,
      country,
      ...TEXTS[kind],
      submitText: 'Comparar',
      addText,
      invalidMessage: INVALID_PROFILE_MESSAGE,
      showDependants: kind !== 'collective',
      storageKey: `perfil_${country === 'CL' ? 'V1.7' : 'V1.6'}`,
      requiredFields: fields
        .filter((candidate) => candidate.groupedBy === null && candidate.validation.required)
        .map((candidate) => candidate.fldName),
    },
    profileFormFields: fields,
    validationScriptUrl: null,
  };
}
