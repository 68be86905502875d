import { z } from 'zod';

/**
 * The payment error catalogue of 002 §8 as data: provider numeric codes (1000…7523, 3000–3031, 4000–4050),
 * rejection reasons (status detail), processor codes (K505…577) and processor text reasons. The seed names
 * each code's meaning but not its wording ("Exact message wording of the payment tables: not shown"), so the
 * Spanish, English and Portuguese texts here are ours, written for a buyer; the header 'Datos Inválidos' is
 * the seed's. 002-8.10: the seed's second table repeats the first, so one table serves both.
 */
export const LANGS = ['es', 'en', 'pt'] as const;
export const langSchema = z.enum(LANGS);
export type Lang = z.infer<typeof langSchema>;

export type CatalogueKind = 'provider' | 'rejection' | 'processor';
/** What the buyer can do: fix the data, try again or pay another way, or call the bank. */
export type Advice = 'check_data' | 'retry_or_other_method' | 'call_bank';
export type Header = 'invalid_data' | 'declined' | 'service';

export type CatalogueEntry = {
  code: string;
  kind: CatalogueKind;
  header: Header;
  advice: Advice;
  es: string;
  en: string;
  pt: string;
};

export const HEADERS: Readonly<Record<Header, Readonly<Record<Lang, string>>>> = {
  invalid_data: { es: 'Datos Inválidos', en: 'Invalid data', pt: 'Dados inválidos' },
  declined: { es: 'Pago rechazado', en: 'Payment declined', pt: 'Pagamento recusado' },
  service: {
    es: 'No pudimos procesar el pago',
    en: 'We could not process the payment',
    pt: 'Não foi possível processar o pagamento',
  },
};

type Row = [code: string, es: string, en: string, pt: string];
const rows = (kind: CatalogueKind, header: Header, advice: Advice, list: Row[]): CatalogueEntry[] =>
  list.map(([code, es, en, pt]) => ({ code, kind, header, advice, es, en, pt }));

const TRY_AGAIN_ES = 'Intenta nuevamente o usa otro medio de pago.';
const TRY_AGAIN_EN = 'Try again or use another payment method.';
const TRY_AGAIN_PT = 'Tente novamente ou use outro meio de pagamento.';
const retry = (es: string, en: string, pt: string): [string, string, string] => [
  `${es} ${TRY_AGAIN_ES}`,
  `${en} ${TRY_AGAIN_EN}`,
  `${pt} ${TRY_AGAIN_PT}`,
];

/** 002-8.07: provider codes with a named meaning. */
const PROVIDER_SERVICE: Row[] = [
  [
    '1000',
    'La consulta superó el límite de filas; reduce los datos solicitados.',
    'The request exceeded the row limit; ask for less data.',
    'A consulta excedeu o limite de linhas; reduza os dados solicitados.',
  ],
  [
    '2002',
    'No encontramos al cliente del pago.',
    'The payment customer was not found.',
    'O cliente do pagamento não foi encontrado.',
  ],
  [
    '2004',
    ...retry(
      'Hubo un problema con la pasarela de pago.',
      'The payment gateway had a problem.',
      'Houve um problema com o gateway de pagamento.',
    ),
  ],
  [
    '2007',
    ...retry(
      'No pudimos conectar con el servicio de tarjetas.',
      'The card service could not be reached.',
      'Não foi possível conectar ao serviço de cartões.',
    ),
  ],
  [
    '2034',
    'Hay un problema con los usuarios de la transacción.',
    'There is a problem with the users in the transaction.',
    'Há um problema com os usuários da transação.',
  ],
  [
    '2059',
    'No se puede cobrar una comisión sin un token de acceso OAuth.',
    'An application fee needs an OAuth access token.',
    'Uma comissão exige um token de acesso OAuth.',
  ],
  [
    '2077',
    'Este pago no admite captura diferida.',
    'This payment cannot be captured later.',
    'Este pagamento não admite captura posterior.',
  ],
  [
    '2123',
    ...retry(
      'Hubo un problema con los operadores del pago.',
      'There was a problem with the payment operators.',
      'Houve um problema com os operadores do pagamento.',
    ),
  ],
  [
    '2131',
    'No pudimos determinar el medio de pago; elige uno.',
    'The payment method could not be determined; choose one.',
    'Não foi possível determinar o meio de pagamento; escolha um.',
  ],
  [
    '6033',
    ...retry(
      'El usuario no está disponible en este momento.',
      'The user is not available right now.',
      'O usuário não está disponível no momento.',
    ),
  ],
  [
    '4292',
    'Falta la clave de idempotencia (Idempotency-Key) en la cabecera, o se reutilizó con otros datos.',
    'The Idempotency-Key header is missing, or was reused with other data.',
    'Falta o cabeçalho Idempotency-Key, ou ele foi reutilizado com outros dados.',
  ],
];
const PROVIDER_INVALID: Row[] = [
  [
    '2006',
    'El token de la tarjeta no es válido.',
    'The card token is not valid.',
    'O token do cartão não é válido.',
  ],
  [
    '2062',
    'El token de la tarjeta no es válido.',
    'The card token is not valid.',
    'O token do cartão não é válido.',
  ],
  [
    '2009',
    'Falta el emisor de la tarjeta.',
    'The card issuer is required.',
    'O emissor do cartão é obrigatório.',
  ],
  [
    '2067',
    'El número de identificación del usuario no es válido.',
    'The user identification number is not valid.',
    'O número de identificação do usuário não é válido.',
  ],
  ['2072', 'El monto no es válido.', 'The amount is not valid.', 'O valor não é válido.'],
  [
    '2198',
    'El correo no es válido para el ambiente de pruebas.',
    'The e-mail is not valid for the test environment.',
    'O e-mail não é válido para o ambiente de testes.',
  ],
  [
    '7523',
    'La fecha de vencimiento no es válida.',
    'The expiry date is not valid.',
    'A data de validade não é válida.',
  ],
];
/** 002-8.08: 3000–3031, missing or invalid card data. */
const CARD_DATA: Row[] = [
  [
    '3000',
    'Ingresa el nombre del titular de la tarjeta.',
    "Enter the cardholder's name.",
    'Informe o nome do titular do cartão.',
  ],
  [
    '3001',
    'Falta el emisor de la tarjeta.',
    'The card issuer is required.',
    'O emissor do cartão é obrigatório.',
  ],
  [
    '3002',
    'No estás autorizado para realizar esta acción.',
    'You are not authorised to do this.',
    'Você não tem autorização para esta ação.',
  ],
  [
    '3003',
    'El token de la tarjeta no es válido.',
    'The card token is not valid.',
    'O token do cartão não é válido.',
  ],
  [
    '3004',
    'El sitio del pago no es válido.',
    'The payment site is not valid.',
    'O site do pagamento não é válido.',
  ],
  [
    '3005',
    'El pago está en un estado que no permite esta acción.',
    'The payment is in a state that does not allow this action.',
    'O pagamento está em um estado que não permite esta ação.',
  ],
  [
    '3006',
    'El token de la tarjeta no es válido.',
    'The card token is not valid.',
    'O token do cartão não é válido.',
  ],
  [
    '3007',
    'Falta el identificador del cliente (client_id).',
    'The client_id is required.',
    'O client_id é obrigatório.',
  ],
  [
    '3008',
    'No encontramos el token de la tarjeta.',
    'The card token was not found.',
    'O token do cartão não foi encontrado.',
  ],
  [
    '3009',
    'El identificador del cliente (client_id) no está autorizado.',
    'The client_id is not authorised.',
    'O client_id não está autorizado.',
  ],
  [
    '3010',
    'La tarjeta no está en la lista permitida.',
    'The card is not on the allowed list.',
    'O cartão não está na lista permitida.',
  ],
  [
    '3011',
    'No encontramos el medio de pago.',
    'The payment method was not found.',
    'O meio de pagamento não foi encontrado.',
  ],
  [
    '3012',
    'El largo del código de seguridad no es válido.',
    'The security code length is not valid.',
    'O tamanho do código de segurança não é válido.',
  ],
  ['3013', 'Ingresa el código de seguridad.', 'Enter the security code.', 'Informe o código de segurança.'],
  [
    '3014',
    'El medio de pago no es válido.',
    'The payment method is not valid.',
    'O meio de pagamento não é válido.',
  ],
  [
    '3015',
    'El largo del número de tarjeta no es válido.',
    'The card number length is not valid.',
    'O tamanho do número do cartão não é válido.',
  ],
  [
    '3016',
    'El número de tarjeta no es válido.',
    'The card number is not valid.',
    'O número do cartão não é válido.',
  ],
  ['3017', 'Ingresa el número de tarjeta.', 'Enter the card number.', 'Informe o número do cartão.'],
  ['3018', 'Ingresa el mes de vencimiento.', 'Enter the expiry month.', 'Informe o mês de validade.'],
  ['3019', 'Ingresa el año de vencimiento.', 'Enter the expiry year.', 'Informe o ano de validade.'],
  [
    '3020',
    'Ingresa el nombre del titular de la tarjeta.',
    "Enter the cardholder's name.",
    'Informe o nome do titular do cartão.',
  ],
  [
    '3021',
    'Ingresa el número de documento del titular.',
    "Enter the holder's document number.",
    'Informe o número do documento do titular.',
  ],
  [
    '3022',
    'Ingresa el tipo de documento del titular.',
    "Enter the holder's document type.",
    'Informe o tipo de documento do titular.',
  ],
  [
    '3023',
    'Ingresa el subtipo de documento del titular.',
    "Enter the holder's document subtype.",
    'Informe o subtipo de documento do titular.',
  ],
  [
    '3024',
    'Este pago no admite reembolsos parciales.',
    'This payment does not allow partial refunds.',
    'Este pagamento não admite reembolsos parciais.',
  ],
  [
    '3025',
    'El código de autenticación no es válido.',
    'The authentication code is not valid.',
    'O código de autenticação não é válido.',
  ],
  [
    '3026',
    'La tarjeta no corresponde al medio de pago elegido.',
    'The card does not match the chosen payment method.',
    'O cartão não corresponde ao meio de pagamento escolhido.',
  ],
  [
    '3027',
    'El tipo de pago no es válido.',
    'The payment type is not valid.',
    'O tipo de pagamento não é válido.',
  ],
  [
    '3028',
    'El medio de pago no es válido.',
    'The payment method is not valid.',
    'O meio de pagamento não é válido.',
  ],
  [
    '3029',
    'El mes de vencimiento no es válido.',
    'The expiry month is not valid.',
    'O mês de validade não é válido.',
  ],
  [
    '3030',
    'El año de vencimiento no es válido.',
    'The expiry year is not valid.',
    'O ano de validade não é válido.',
  ],
  [
    '3031',
    'Los datos de la tarjeta no son válidos.',
    'The card data is not valid.',
    'Os dados do cartão não são válidos.',
  ],
];
/** 002-8.09: 4000–4050, empty or non-numeric request fields. */
const REQUEST_DATA: Row[] = [
  [
    '4000',
    'Falta el token de la tarjeta.',
    'The card token is required.',
    'O token do cartão é obrigatório.',
  ],
  [
    '4001',
    'Falta el medio de pago.',
    'The payment method is required.',
    'O meio de pagamento é obrigatório.',
  ],
  ['4002', 'Falta el monto.', 'The amount is required.', 'O valor é obrigatório.'],
  ['4003', 'El monto debe ser numérico.', 'The amount must be numeric.', 'O valor deve ser numérico.'],
  [
    '4004',
    'Falta el número de cuotas.',
    'The number of instalments is required.',
    'O número de parcelas é obrigatório.',
  ],
  [
    '4005',
    'El número de cuotas debe ser numérico.',
    'The number of instalments must be numeric.',
    'O número de parcelas deve ser numérico.',
  ],
  [
    '4006',
    'Los datos del pagador tienen un formato incorrecto.',
    "The payer's data is malformed.",
    'Os dados do pagador estão mal formatados.',
  ],
  ['4007', 'Falta el sitio del pago.', 'The payment site is required.', 'O site do pagamento é obrigatório.'],
  [
    '4012',
    'Falta el identificador del pagador.',
    "The payer's id is required.",
    'O identificador do pagador é obrigatório.',
  ],
  ['4013', 'Falta el tipo de pagador.', 'The payer type is required.', 'O tipo de pagador é obrigatório.'],
  [
    '4015',
    'Falta la referencia del medio de pago.',
    'The payment method reference is required.',
    'A referência do meio de pagamento é obrigatória.',
  ],
  [
    '4016',
    'La referencia del medio de pago debe ser numérica.',
    'The payment method reference must be numeric.',
    'A referência do meio de pagamento deve ser numérica.',
  ],
  ['4017', 'Falta el estado.', 'The status is required.', 'O status é obrigatório.'],
  [
    '4018',
    'Falta el identificador del pago.',
    'The payment id is required.',
    'O identificador do pagamento é obrigatório.',
  ],
  [
    '4019',
    'El identificador del pago debe ser numérico.',
    'The payment id must be numeric.',
    'O identificador do pagamento deve ser numérico.',
  ],
  [
    '4020',
    'La URL de notificación no es válida.',
    'The notification URL is not valid.',
    'A URL de notificação não é válida.',
  ],
  [
    '4021',
    'La URL de notificación debe tener menos de 500 caracteres.',
    'The notification URL must be shorter than 500 characters.',
    'A URL de notificação deve ter menos de 500 caracteres.',
  ],
  [
    '4022',
    'Los metadatos deben ser un JSON válido.',
    'The metadata must be valid JSON.',
    'Os metadados devem ser um JSON válido.',
  ],
  ['4023', 'Falta el monto.', 'The amount is required.', 'O valor é obrigatório.'],
  ['4024', 'El monto debe ser numérico.', 'The amount must be numeric.', 'O valor deve ser numérico.'],
  [
    '4025',
    'Falta el identificador del reembolso.',
    'The refund id is required.',
    'O identificador do reembolso é obrigatório.',
  ],
  [
    '4026',
    'El monto del cupón no es válido.',
    'The coupon amount is not valid.',
    'O valor do cupom não é válido.',
  ],
  [
    '4027',
    'El identificador de la campaña debe ser numérico.',
    'The campaign id must be numeric.',
    'O identificador da campanha deve ser numérico.',
  ],
  [
    '4028',
    'El monto del cupón debe ser numérico.',
    'The coupon amount must be numeric.',
    'O valor do cupom deve ser numérico.',
  ],
  [
    '4029',
    'El tipo de pagador no es válido.',
    'The payer type is not valid.',
    'O tipo de pagador não é válido.',
  ],
  ['4037', 'El monto no es válido.', 'The amount is not valid.', 'O valor não é válido.'],
  [
    '4038',
    'La comisión no puede ser mayor que el monto.',
    'The application fee cannot exceed the amount.',
    'A comissão não pode ser maior que o valor.',
  ],
  [
    '4039',
    'La comisión no puede ser negativa.',
    'The application fee cannot be negative.',
    'A comissão não pode ser negativa.',
  ],
  [
    '4050',
    'El correo del pagador no es válido.',
    "The payer's e-mail is not valid.",
    'O e-mail do pagador não é válido.',
  ],
];

/**
 * 002-8.11 rejection reasons (status detail). Keys are the seed's names; `cc_rejected_` prefixed forms (as
 * Mercado Pago sends them) resolve to the same entry. Wording follows Mercado Pago's public messages (MIT).
 */
const REJECTIONS_DATA: Row[] = [
  [
    'bad_filled_card_number',
    'Revisa el número de tarjeta.',
    'Check the card number.',
    'Confira o número do cartão.',
  ],
  [
    'bad_filled_date',
    'Revisa la fecha de vencimiento.',
    'Check the expiry date.',
    'Confira a data de validade.',
  ],
  [
    'bad_filled_other',
    'Revisa los datos de la tarjeta.',
    'Check the card details.',
    'Confira os dados do cartão.',
  ],
  [
    'bad_filled_security_code',
    'Revisa el código de seguridad.',
    'Check the security code.',
    'Confira o código de segurança.',
  ],
  [
    'rejected_insufficient_data',
    'Faltan datos para procesar el pago; revísalos.',
    'Some data needed for the payment is missing; check it.',
    'Faltam dados para processar o pagamento; confira-os.',
  ],
];
const REJECTIONS_RETRY: Row[] = [
  [
    'bank_error',
    ...retry(
      'El banco no pudo procesar el pago.',
      'The bank could not process the payment.',
      'O banco não conseguiu processar o pagamento.',
    ),
  ],
  [
    'cc_rejected_3ds_mandatory',
    ...retry(
      'Este pago requiere autenticación 3-D Secure.',
      'This payment requires 3-D Secure authentication.',
      'Este pagamento exige autenticação 3-D Secure.',
    ),
  ],
  [
    'blacklist',
    ...retry(
      'No pudimos procesar tu pago.',
      'We could not process your payment.',
      'Não foi possível processar seu pagamento.',
    ),
  ],
  [
    'card_error',
    ...retry(
      'No pudimos procesar tu pago.',
      'We could not process your payment.',
      'Não foi possível processar seu pagamento.',
    ),
  ],
  [
    'duplicated_payment',
    'Ya hiciste un pago por ese valor. Si necesitas volver a pagar, usa otra tarjeta u otro medio de pago.',
    'You already made a payment for this amount. To pay again, use another card or payment method.',
    'Você já fez um pagamento desse valor. Para pagar de novo, use outro cartão ou meio de pagamento.',
  ],
  [
    'high_risk',
    'Tu pago fue rechazado. Elige otro medio de pago.',
    'Your payment was declined. Choose another payment method.',
    'Seu pagamento foi recusado. Escolha outro meio de pagamento.',
  ],
  // 002-8.12: the variant that suggests paying in cash.
  [
    'high_risk_cash',
    'Tu pago fue rechazado. Elige otro medio de pago; te recomendamos pagar en efectivo.',
    'Your payment was declined. Choose another payment method; we recommend paying in cash.',
    'Seu pagamento foi recusado. Escolha outro meio de pagamento; recomendamos pagar em dinheiro.',
  ],
  [
    'invalid_installments',
    'El medio de pago no acepta ese número de cuotas. Elige otro número de cuotas u otro medio de pago.',
    'The payment method does not accept that number of instalments. Choose another number or another method.',
    'O meio de pagamento não aceita esse número de parcelas. Escolha outro número ou outro meio.',
  ],
  [
    'max_attempts',
    'Llegaste al límite de intentos permitidos. Elige otra tarjeta u otro medio de pago.',
    'You reached the limit of attempts. Choose another card or payment method.',
    'Você atingiu o limite de tentativas. Escolha outro cartão ou meio de pagamento.',
  ],
  [
    'other_reason',
    ...retry(
      'El medio de pago no procesó el pago.',
      'The payment method did not process the payment.',
      'O meio de pagamento não processou o pagamento.',
    ),
  ],
  [
    'cc_amount_rate_limit_exceeded',
    'Superaste el monto permitido para este medio de pago. Elige otra tarjeta u otro medio de pago.',
    'You exceeded the amount allowed for this payment method. Choose another card or method.',
    'Você excedeu o valor permitido para este meio de pagamento. Escolha outro cartão ou meio.',
  ],
  [
    'rejected_by_regulations',
    'El pago fue rechazado por normativa. Elige otro medio de pago.',
    'The payment was declined by regulations. Choose another payment method.',
    'O pagamento foi recusado por normas regulatórias. Escolha outro meio de pagamento.',
  ],
];
const REJECTIONS_BANK: Row[] = [
  [
    'call_for_authorize',
    'Debes autorizar el pago con tu banco. Llama al número al dorso de tu tarjeta.',
    'You must authorise the payment with your bank. Call the number on the back of your card.',
    'Você precisa autorizar o pagamento com seu banco. Ligue para o número no verso do cartão.',
  ],
  [
    'card_disabled',
    'Llama a tu banco para activar tu tarjeta. El teléfono está al dorso de tu tarjeta.',
    'Call your bank to activate your card. The number is on the back of your card.',
    'Ligue para seu banco para ativar o cartão. O telefone está no verso do cartão.',
  ],
  [
    'insufficient_amount',
    'Tu tarjeta no tiene fondos suficientes. Usa otra tarjeta u otro medio de pago.',
    'Your card has insufficient funds. Use another card or payment method.',
    'Seu cartão não tem saldo suficiente. Use outro cartão ou meio de pagamento.',
  ],
  [
    'rejected_by_bank',
    'Tu banco rechazó el pago. Comunícate con tu banco o usa otro medio de pago.',
    'Your bank declined the payment. Contact your bank or use another payment method.',
    'Seu banco recusou o pagamento. Fale com seu banco ou use outro meio de pagamento.',
  ],
];

/** 002-8.13: processor codes; all advise trying again or another method. */
const PROCESSOR_CODES: Row[] = [
  [
    'K505',
    ...retry('La transacción fue rechazada.', 'The transaction was declined.', 'A transação foi recusada.'),
  ],
  [
    'K322',
    ...retry(
      'La transacción fue rechazada por una regla de seguridad.',
      'The transaction was declined by a security rule.',
      'A transação foi recusada por uma regra de segurança.',
    ),
  ],
  [
    'K027',
    ...retry(
      'Se agotó el tiempo de espera de la transacción.',
      'The transaction timed out.',
      'O tempo da transação esgotou.',
    ),
  ],
  ['K017', ...retry('La tarjeta está vencida.', 'The card has expired.', 'O cartão está vencido.')],
  [
    'K011',
    ...retry(
      'Las credenciales del comercio no son válidas.',
      "The merchant's credentials are not valid.",
      'As credenciais do comerciante não são válidas.',
    ),
  ],
  [
    'K004',
    ...retry('La tarjeta no es compatible.', 'The card is not supported.', 'O cartão não é compatível.'),
  ],
  [
    '577',
    ...retry('La transacción fue rechazada.', 'The transaction was declined.', 'A transação foi recusada.'),
  ],
];

/** 002-8.14: processor text reasons, grouped by what the buyer should do. */
const PROCESSOR_REASONS_RETRY: Row[] = [
  [
    'issuer_unavailable',
    'El banco emisor no está disponible. Intenta nuevamente en unos minutos o usa otro medio de pago.',
    'The issuing bank is unavailable. Try again in a few minutes or use another payment method.',
    'O banco emissor está indisponível. Tente novamente em alguns minutos ou use outro meio de pagamento.',
  ],
  [
    'processor_unreachable',
    ...retry(
      'No pudimos comunicarnos con el procesador.',
      'The processor could not be reached.',
      'Não foi possível falar com o processador.',
    ),
  ],
  [
    'system_error',
    ...retry(
      'Ocurrió un error al procesar la transacción.',
      'An error occurred processing the transaction.',
      'Ocorreu um erro ao processar a transação.',
    ),
  ],
  [
    'duplicate_transaction',
    ...retry(
      'La transacción parece duplicada.',
      'The transaction looks like a duplicate.',
      'A transação parece duplicada.',
    ),
  ],
  [
    'transaction_not_permitted',
    ...retry(
      'La transacción no está permitida para esta tarjeta.',
      'The transaction is not permitted for this card.',
      'A transação não é permitida para este cartão.',
    ),
  ],
  [
    'card_not_supported',
    ...retry(
      'La tarjeta no es compatible con este comercio.',
      'The card is not supported by this merchant.',
      'O cartão não é aceito por este comerciante.',
    ),
  ],
  [
    'invalid_transaction',
    ...retry('La transacción no es válida.', 'The transaction is not valid.', 'A transação não é válida.'),
  ],
  [
    'invalid_merchant',
    ...retry(
      'El comercio no es válido para esta tarjeta.',
      'The merchant is not valid for this card.',
      'O comerciante não é válido para este cartão.',
    ),
  ],
  [
    'invalid_amount',
    ...retry(
      'El monto de la transacción no es válido.',
      'The transaction amount is not valid.',
      'O valor da transação não é válido.',
    ),
  ],
  [
    'token_invalid',
    ...retry(
      'El token de la transacción no es válido o expiró.',
      'The transaction token is invalid or expired.',
      'O token da transação é inválido ou expirou.',
    ),
  ],
];
const PROCESSOR_REASONS_DATA: Row[] = [
  [
    'invalid_card_number',
    'El número de tarjeta no es válido. Revisa los datos.',
    'The card number is not valid. Check the details.',
    'O número do cartão não é válido. Confira os dados.',
  ],
  [
    'invalid_card',
    'La tarjeta no es válida. Revisa los datos o usa otra tarjeta.',
    'The card is not valid. Check the details or use another card.',
    'O cartão não é válido. Confira os dados ou use outro cartão.',
  ],
  [
    'invalid_account',
    'El número de cuenta no es válido. Revisa los datos.',
    'The account number is not valid. Check the details.',
    'O número da conta não é válido. Confira os dados.',
  ],
  [
    'cvv_failure',
    'No pudimos verificar el código de seguridad. Revisa los datos.',
    'The security code could not be verified. Check the details.',
    'Não foi possível verificar o código de segurança. Confira os dados.',
  ],
  [
    'expired_card',
    'La tarjeta está vencida. Revisa la fecha o usa otra tarjeta.',
    'The card has expired. Check the date or use another card.',
    'O cartão está vencido. Confira a data ou use outro cartão.',
  ],
  [
    'invalid_expiry',
    'La fecha de vencimiento no es válida. Revisa los datos.',
    'The expiry date is not valid. Check the details.',
    'A data de validade não é válida. Confira os dados.',
  ],
  [
    'invalid_pin',
    'El PIN no es correcto. Revisa los datos.',
    'The PIN is not correct. Check the details.',
    'O PIN não está correto. Confira os dados.',
  ],
  [
    'format_error',
    'Los datos de la transacción tienen un error. Revísalos e intenta nuevamente.',
    'The transaction data has an error. Check it and try again.',
    'Os dados da transação têm um erro. Confira-os e tente novamente.',
  ],
];
const PROCESSOR_REASONS_BANK: Row[] = [
  [
    'suspected_fraud',
    'El banco rechazó el pago por sospecha de fraude. Comunícate con tu banco.',
    'The bank declined the payment as suspected fraud. Contact your bank.',
    'O banco recusou o pagamento por suspeita de fraude. Fale com seu banco.',
  ],
  [
    'insufficient_funds',
    'Tu tarjeta no tiene fondos suficientes. Comunícate con tu banco o usa otro medio de pago.',
    'Your card has insufficient funds. Contact your bank or use another payment method.',
    'Seu cartão não tem saldo suficiente. Fale com seu banco ou use outro meio de pagamento.',
  ],
  [
    'restricted_card',
    'La tarjeta tiene restricciones. Comunícate con tu banco.',
    'The card is restricted. Contact your bank.',
    'O cartão tem restrições. Fale com seu banco.',
  ],
  [
    'stolen_card',
    'La tarjeta fue reportada como robada. Comunícate con tu banco.',
    'The card was reported stolen. Contact your bank.',
    'O cartão foi informado como roubado. Fale com seu banco.',
  ],
  [
    'lost_card',
    'La tarjeta fue reportada como perdida. Comunícate con tu banco.',
    'The card was reported lost. Contact your bank.',
    'O cartão foi informado como perdido. Fale com seu banco.',
  ],
  [
    'pick_up_card',
    'El banco pidió retener la tarjeta. Comunícate con tu banco.',
    'The bank asked to retain the card. Contact your bank.',
    'O banco pediu a retenção do cartão. Fale com seu banco.',
  ],
  [
    'do_not_honor',
    'El banco no autorizó el pago. Comunícate con tu banco.',
    'The bank did not authorise the payment. Contact your bank.',
    'O banco não autorizou o pagamento. Fale com seu banco.',
  ],
  [
    'refer_to_issuer',
    'Debes comunicarte con tu banco para autorizar el pago.',
    'Contact your bank to authorise the payment.',
    'Fale com seu banco para autorizar o pagamento.',
  ],
  [
    'blocked_card',
    'La tarjeta está bloqueada por el banco. Comunícate con tu banco.',
    'The card is blocked by the bank. Contact your bank.',
    'O cartão está bloqueado pelo banco. Fale com seu banco.',
  ],
  [
    'closed_account',
    'La cuenta asociada a la tarjeta está cerrada. Comunícate con tu banco.',
    'The account behind the card is closed. Contact your bank.',
    'A conta associada ao cartão está encerrada. Fale com seu banco.',
  ],
  [
    'exceeds_amount_limit',
    'El pago supera el límite de monto de tu tarjeta. Comunícate con tu banco o usa otra tarjeta.',
    "The payment exceeds your card's amount limit. Contact your bank or use another card.",
    'O pagamento excede o limite de valor do cartão. Fale com seu banco ou use outro cartão.',
  ],
  [
    'exceeds_frequency_limit',
    'Superaste el número de transacciones permitidas. Comunícate con tu banco.',
    'You exceeded the number of transactions allowed. Contact your bank.',
    'Você excedeu o número de transações permitidas. Fale com seu banco.',
  ],
  [
    'pin_tries_exceeded',
    'Superaste los intentos de PIN permitidos. Comunícate con tu banco.',
    'You exceeded the PIN attempts allowed. Contact your bank.',
    'Você excedeu as tentativas de PIN permitidas. Fale com seu banco.',
  ],
  [
    'security_violation',
    'El banco rechazó el pago por una violación de seguridad. Comunícate con tu banco.',
    'The bank declined the payment for a security violation. Contact your bank.',
    'O banco recusou o pagamento por violação de segurança. Fale com seu banco.',
  ],
  [
    'not_permitted_to_cardholder',
    'Tu tarjeta no permite este tipo de compra. Comunícate con tu banco.',
    'Your card does not allow this kind of purchase. Contact your bank.',
    'Seu cartão não permite este tipo de compra. Fale com seu banco.',
  ],
  [
    'no_such_issuer',
    'No reconocemos el banco emisor de la tarjeta. Comunícate con tu banco o usa otra tarjeta.',
    "The card's issuing bank is not recognised. Contact your bank or use another card.",
    'O banco emissor do cartão não foi reconhecido. Fale com seu banco ou use outro cartão.',
  ],
];

/**
 * Ours, not the seed's: a redirect payment the buyer left on the provider's page (Webpay's "Anular", or its
 * time ran out). Nothing was charged; the buyer may pay again.
 */
export const WEBPAY_ABORTED_CODE = 'webpay_aborted';
/** Ours: the buyer left Oneclick's inscription page (cancelled, or its time ran out). */
export const ONECLICK_ABORTED_CODE = 'oneclick_aborted';
export const ONECLICK_REJECTED_CODE = 'oneclick_rejected';
/**
 * Ours: staff found no charge at the provider for a payment left PENDING (one the provider cannot be asked
 * about by our key) and recorded it not charged. The buyer may pay again.
 */
export const NOT_CHARGED_CODE = 'not_charged';
const REDIRECT_ABORTED: Row[] = [
  [
    NOT_CHARGED_CODE,
    'El pago no se completó y no se hizo ningún cobro. Puedes pagar nuevamente.',
    'The payment was not completed and nothing was charged. You can pay again.',
    'O pagamento não foi concluído e nada foi cobrado. Você pode pagar novamente.',
  ],
  [
    WEBPAY_ABORTED_CODE,
    'El pago en Webpay se anuló o se agotó el tiempo para completarlo; no se hizo ningún cobro. Puedes pagar nuevamente.',
    'The Webpay payment was cancelled or its time ran out; nothing was charged. You can pay again.',
    'O pagamento no Webpay foi cancelado ou o tempo para concluí-lo acabou; nada foi cobrado. Você pode pagar novamente.',
  ],
  [
    ONECLICK_ABORTED_CODE,
    'La inscripción de tu tarjeta en Oneclick se anuló o se agotó el tiempo para completarla; no se hizo ningún cobro. Puedes inscribirla nuevamente.',
    'The Oneclick card enrolment was cancelled or its time ran out; nothing was charged. You can enrol your card again.',
    'A inscrição do seu cartão no Oneclick foi cancelada ou o tempo para concluí-la acabou; nada foi cobrado. Você pode inscrevê-lo novamente.',
  ],
];

/** Ours: Transbank refused to enrol the card in Oneclick (the inscription's response code was not 0). */
const INSCRIPTION_REJECTED: Row[] = [
  [
    ONECLICK_REJECTED_CODE,
    'Transbank no pudo inscribir tu tarjeta en Oneclick; no se hizo ningún cobro. Intenta con otra tarjeta o comunícate con tu banco.',
    'Transbank could not enrol your card in Oneclick; nothing was charged. Try another card or contact your bank.',
    'A Transbank não conseguiu inscrever seu cartão no Oneclick; nada foi cobrado. Tente outro cartão ou fale com seu banco.',
  ],
];

export const PAYMENT_ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  ...rows('provider', 'service', 'retry_or_other_method', PROVIDER_SERVICE),
  ...rows('provider', 'invalid_data', 'check_data', [...PROVIDER_INVALID, ...CARD_DATA, ...REQUEST_DATA]),
  ...rows('rejection', 'invalid_data', 'check_data', REJECTIONS_DATA),
  ...rows('rejection', 'declined', 'retry_or_other_method', REJECTIONS_RETRY),
  ...rows('rejection', 'declined', 'call_bank', REJECTIONS_BANK),
  ...rows('processor', 'declined', 'retry_or_other_method', [...PROCESSOR_CODES, ...PROCESSOR_REASONS_RETRY]),
  ...rows('processor', 'invalid_data', 'check_data', PROCESSOR_REASONS_DATA),
  ...rows('processor', 'declined', 'call_bank', PROCESSOR_REASONS_BANK),
  ...rows('provider', 'service', 'retry_or_other_method', REDIRECT_ABORTED),
  ...rows('rejection', 'declined', 'retry_or_other_method', INSCRIPTION_REJECTED),
];

const byCode = new Map(PAYMENT_ERROR_CATALOGUE.map((entry) => [entry.code, entry]));

/** The fallback when a provider answers a code the catalogue does not know: never a blank message. */
export const UNKNOWN_PAYMENT_ERROR: CatalogueEntry = {
  code: 'unknown',
  kind: 'processor',
  header: 'service',
  advice: 'retry_or_other_method',
  es: `No pudimos procesar tu pago. ${TRY_AGAIN_ES}`,
  en: `We could not process your payment. ${TRY_AGAIN_EN}`,
  pt: `Não foi possível processar seu pagamento. ${TRY_AGAIN_PT}`,
};

/** Mercado Pago prefixes the seed's rejection reasons with `cc_rejected_` (but not cc_rejected_3ds_mandatory). */
const normalise = (code: string | number): string => {
  const text = String(code).trim();
  if (byCode.has(text)) return text;
  return text.replace(/^cc_rejected_/, '');
};

export const entryFor = (code: string | number): CatalogueEntry | undefined => byCode.get(normalise(code));

export const messageFor = (code: string | number, lang: Lang = 'es'): string =>
  (entryFor(code) ?? UNKNOWN_PAYMENT_ERROR)[lang];

export const headerFor = (code: string | number, lang: Lang = 'es'): string =>
  HEADERS[(entryFor(code) ?? UNKNOWN_PAYMENT_ERROR).header][lang];
