import express, { type Router } from 'express';
import { validateCard } from '@cubre/schemas/payments/providerValidation';
import { headerFor, langSchema, messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { currencySchema, fromMajor, type Money } from '@cubre/schemas/payments/money';
import { PROBLEM_CONTENT_TYPE } from '@cubre/schemas/problem';
import { kushkiCatalogueCode } from '../kushki/codes';
import { scenarioFor } from './testCards';
import { type TokenVault } from './tokenVault';

/**
 * The sandbox's browser-side tokenizer, shaped like Kushki's `POST card/v1/tokens` (body `card{name,number,
 * expiryMonth,expiryYear,cvv}`, `totalAmount`, `currency`; answer `{ token }`), for mounting at e.g.
 * `/sandbox-gateway/tokens`. The card number lives only in this request: it is neither logged nor stored
 * (the token holds the test card's scenario and last four digits). Bad card data answers problem+json
 * naming each field and rule (002 §5), titled 'Datos Inválidos' (002-8.15).
 */
export type TokenizerOptions = { vault: TokenVault; today?: () => { year: number; month: number } };

const currentMonth = (): { year: number; month: number } => {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
};

export function sandboxTokenizerRouter({ vault, today = currentMonth }: TokenizerOptions): Router {
  const router = express.Router();
  router.use(express.json({ limit: '2kb' }));
  router.post('/', (req, res) => {
    res.set('Cache-Control', 'no-store');
    const lang = langSchema.catch('es').parse(req.acceptsLanguages('es', 'en', 'pt') || 'es');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const card = (body.card ?? {}) as Record<string, unknown>;
    const issues = validateCard(
      {
        number: card.number,
        securityCode: card.cvv,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        holderName: card.name,
      },
      today(),
      lang,
    );
    const amount = parseAmount(body.totalAmount, body.currency);
    if (amount === 'invalid') {
      issues.push({
        field: 'totalAmount',
        rule: 'amount_numeric',
        code: '4003',
        message: messageFor('4003', lang),
        header: headerFor('4003', lang),
      });
    }
    if (issues.length > 0) {
      res
        .status(400)
        .type(PROBLEM_CONTENT_TYPE)
        .json({
          type: 'about:blank',
          title: headerFor('3015', lang),
          status: 400,
          errors: issues.map(({ field, rule, message }) => ({ field, rule, message })),
        });
      return;
    }
    const number = String(card.number).replace(/[\s-]/g, '');
    const scenario = scenarioFor(number);
    if (scenario.stage === 'token') {
      const code = kushkiCatalogueCode(scenario.code);
      res
        .status(400)
        .type(PROBLEM_CONTENT_TYPE)
        .json({
          type: 'about:blank',
          title: headerFor(code, lang),
          status: 400,
          detail: messageFor(code, lang),
          code: scenario.code,
          errors: [{ field: 'card.number', rule: 'card_refused', message: messageFor(code, lang) }],
        });
      return;
    }
    const token = vault.issue({
      scenario,
      last4: number.slice(-4),
      ...(amount && amount !== 'invalid' ? { amount } : {}),
    });
    res.status(201).json({ token });
  });
  return router;
}

function parseAmount(totalAmount: unknown, currency: unknown): Money | undefined | 'invalid' {
  if (totalAmount === undefined) return undefined;
  const parsedCurrency = currencySchema.safeParse(currency ?? 'CLP');
  if (!parsedCurrency.success) return 'invalid';
  try {
    return fromMajor(totalAmount as string | number, parsedCurrency.data);
  } catch {
    return 'invalid';
  }
}
