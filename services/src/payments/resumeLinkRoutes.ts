import { Router } from 'express';
import { z } from 'zod';
import type { MailRequest, MailRequester } from '@cubre/schemas/mail/mailRequest';
import { SaleParams } from '@cubre/schemas/payments/sales';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { saleIdOf } from './purchase';
import { SALES_PATH } from './routes';
import { salesOf } from './views';

/** What the resume link needs of the mail domain: its port and the public site's address. */
export interface ResumeMail {
  requester: MailRequester;
  publicUrl: string;
}

const ResumeBody = z.strictObject({
  /** The purchase session the sale was started from: proves the caller is the buyer's own page. */
  session: z.uuid({ error: 'session es el UUID de la sesión de compra' }),
  /** The language of the mail and of the page the link opens. */
  lang: z.enum(['es', 'en', 'pt']).default('es'),
});

/** One mail per sale and quarter of an hour, whatever the clicks: the buyer's inbox is not ours to flood. */
const WINDOW_MS = 15 * 60_000;

/** `c•••@example.com`: enough for the buyer to recognise the address, not enough to learn it. */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

/** The `sessionType` of a link the buyer mailed herself to continue elsewhere. */
export const RESUME_SESSION_TYPE = 'resume';

/**
 * Resume on another device (issue 14, seed `session`): the payment step asks the server to mail the buyer a
 * link to this sale (`POST /api/compra-online/ventas/{id}/enlace`). The link goes only to the address the
 * sale was started with, never to one in the request; it carries the sale's session in the seeds' shared
 * purchase link (`/Compra-Online/{code}?session=…&sessionType=resume`, 000 §2), which the page opened
 * elsewhere keeps as its own and continues (its sale found by the session: `GET …/sesiones/{session}`).
 */
export function resumeLinkRoutes(context: AppContext, mail: ResumeMail) {
  const router = Router();
  router.post(
    `${SALES_PATH}/:saleId/enlace`,
    context.rateLimits.guard('purchase'),
    validated({ params: SaleParams, body: ResumeBody }, async ({ params, body }, _req, res) => {
      // A session that did not start this sale learns nothing, not even that the sale exists.
      if (saleIdOf(body.session) !== params.saleId) throw notFound(`no existe la venta ${params.saleId}`);
      const sale = await salesOf(context.readStore).findOne({ _id: params.saleId });
      if (!sale) throw notFound(`no existe la venta ${params.saleId}`);
      if (sale.state === 'OK') {
        throw new HttpProblem(
          409,
          'sale-paid',
          'Compra pagada',
          'la compra ya está pagada: no hay nada que continuar',
          [{ field: 'saleId', rule: 'sale_paid', message: 'la compra ya está pagada' }],
        );
      }
      const prefix = body.lang === 'es' ? '' : `/${body.lang}`;
      const link =
        `${mail.publicUrl.replace(/\/+$/, '')}${prefix}/Compra-Online/${encodeURIComponent(sale.productCode)}` +
        `?session=${body.session.toLowerCase()}&sessionType=${RESUME_SESSION_TYPE}`;
      const window = Math.floor(context.clock().getTime() / WINDOW_MS);
      await mail.requester.request(
        {
          key: `purchase-resume:${sale._id}:${window}`,
          to: { email: sale.buyer.email, name: sale.buyer.nombre },
          template: 'purchase_resume',
          locale: body.lang,
          country: sale.country as MailRequest['country'],
          data: {
            nombre: sale.buyer.nombre,
            producto: sale.productName,
            monto: sale.formatted,
            enlace: link,
          },
          subject: { kind: 'sale', id: sale._id },
        },
        { actor: { kind: 'visitor', id: 'purchase' }, correlationId: sale._id, causationId: null },
      );
      res.setHeader('Cache-Control', 'no-store');
      res.status(202).json({ sentTo: maskedEmail(sale.buyer.email) });
    }),
  );
  return router;
}
