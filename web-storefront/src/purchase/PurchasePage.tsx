import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import type { Product } from '../api/types';
import { SITE } from '../app/config';
import { prerender } from '../app/prerender';
import { ServerErrorBox } from '../comparator/StatusPanels';
import { PriceFigure } from '../comparator/PriceFigure';
import { useProduct } from '../detail/useProduct';
import { useProfilePrice } from '../detail/useProfilePrice';
import {
  adoptPurchaseSession,
  purchaseSessionFor,
  rememberSale,
  sessionFromLink,
  type PurchaseSessionRecord,
} from '../domain/purchase/purchaseSession';
import { insuredOf } from '../domain/purchase/family';
import {
  STEP_WORDS,
  purchaseKindOf,
  purchaseStepsFor,
  reportsStep,
  type PurchaseStep,
} from '../domain/purchase/purchaseSteps';
import { workersPriced } from '@cubre/schemas/payments/companyPurchase';
import type { CollaboratorValues } from '../domain/purchase/company';
import { carriedProduct } from '../domain/routing/productNavigation';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles } from '../profile/ProfileContext';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { PaymentStep, newUuid } from './PaymentStep';
import type { Billing } from './BillingChoice';
import { CollaboratorsStep } from './CollaboratorsStep';
import { CompanyStep, type CompanyData } from './CompanyStep';
import { HealthStep } from './HealthStep';
import { PersonalDataStep } from './PersonalDataStep';
import { PurchaseSuccess } from './PurchaseSuccess';
import { ProfileNeeded } from './ProfileNeeded';
import { RequestInstead } from './RequestInstead';
import { ResumeElsewhere } from './ResumeElsewhere';
import {
  leadStepRecorder,
  readSale,
  readSessionSale,
  startSale,
  type BuyerData,
  type DependantData,
  type HealthData,
  type SaleView,
} from './purchaseCalls';

/** What Datos personales gave, kept in memory (never stored) while the health declaration is asked. */
interface PersonalData {
  buyer: BuyerData;
  billing: Billing;
  dependants: DependantData[];
}

type Phase =
  | { step: 'resuming' }
  | { step: 'Datos personales' }
  // A company's: what 'Datos empresa' gave (kept in memory, never stored) and the API's words about it.
  | { step: 'Datos empresa'; earlier: CompanyData | null; problems: string[] }
  | { step: 'Datos colaboradores'; company: CompanyData }
  | { step: 'Estado de salud'; personal: PersonalData }
  | { step: 'Pago' | 'Confirmación' | 'Compra exitosa!'; sale: SaleView };

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Compra-Online/{productCode} (000 §2, issue 14): a person's product bought online through the steps of
 * 002-2.08, priced for the visitor's profile as the card showed it. The purchase session is kept per
 * product in the tab (`domain/purchase/purchaseSession`), so a reload continues the same sale.
 */
export default function PurchasePage() {
  const { code = '' } = useParams();
  const location = useLocation();
  const { lang } = useI18n();
  const state = useProduct(code, carriedProduct<Product>(location.state, code));
  useEffect(() => {
    if (state.status !== 'loading') prerender.ready();
  }, [state.status]);
  if (state.status === 'missing')
    return <Navigate to={`${lang === 'es' ? '' : `/${lang}`}${SITE.defaultPath}`} replace />;
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {state.status === 'loading' && <CircularProgress />}
        {state.status === 'failed' && <ServerErrorBox error={state.error} />}
        {state.status === 'ready' && <Purchase key={state.product.productCode} product={state.product} />}
      </Paper>
    </Container>
  );
}

function Purchase({ product }: { product: Product }) {
  const { t } = useI18n();
  const code = product.productCode;
  const profile = useProfiles().profileFor(product.productType);
  // The price for the visitor's profile, as the card showed it (issue 11); the sale is priced the same way.
  const priced = useProfilePrice(product, profile);
  const price = priced.status === 'ready' ? priced.card.price : product.card.price;
  const location = useLocation();
  const navigate = useNavigate();
  // A resume link (mailed to the buyer, opened on another device) makes its sale this tab's own.
  const [linked] = useState(() => sessionFromLink(location.search));
  const [record, setRecord] = useState<PurchaseSessionRecord>(() =>
    linked
      ? adoptPurchaseSession(sessionStore(), code, linked)
      : purchaseSessionFor(sessionStore(), code, newUuid),
  );
  // The link's session leaves the address bar at once (no screenshot, history entry or Referer keeps it).
  useEffect(() => {
    if (sessionFromLink(location.search))
      void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });
    // Once, on arrival.
  }, []);
  const recordStep = useMemo(
    () => leadStepRecorder(record.session, code, record.sessionType ?? null),
    [record.session, code, record.sessionType],
  );
  const kind = purchaseKindOf(product);
  const firstPhase: Phase =
    kind === 'company'
      ? { step: 'Datos empresa', earlier: null, problems: [] }
      : { step: 'Datos personales' };
  // A shared link names a session, not a sale: the session's sale is looked up before anything is asked.
  const sharedSession = linked !== null && linked.saleId === null;
  const [phase, setPhase] = useState<Phase>(
    record.saleId || sharedSession ? { step: 'resuming' } : firstPhase,
  );

  useEffect(() => {
    document.title = `${t('purchase.title')} · ${product.displayName} · Cubre`;
  }, [product.displayName, t]);

  // A reload finds the session's sale again: paid, it shows the success; otherwise the payment step.
  useEffect(() => {
    if (!record.saleId && !sharedSession) return;
    let live = true;
    (record.saleId ? readSale(record.saleId) : readSessionSale(record.session))
      .then((sale) => {
        if (!live) return;
        // A shared link's session that bought another product is not this purchase: a session of its own.
        if (sale.productCode !== code) {
          setRecord(adoptPurchaseSession(sessionStore(), code, { session: newUuid(), saleId: null }));
          setPhase(firstPhase);
          return;
        }
        if (!record.saleId) setRecord((current) => rememberSale(sessionStore(), code, current, sale.id));
        // Back on the payment step: said again (a repeat records nothing; a step a reload cut off is in),
        // unless a payment is still awaited (a card's answer, a transfer, an executive): the lead stays where
        // that payment put it.
        if (sale.state !== 'OK' && sale.lastPayment?.state !== 'PENDING') void reached('Pago');
        setPhase({ step: sale.state === 'OK' ? 'Compra exitosa!' : 'Pago', sale });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // The sale is unknown here (another data directory): the session starts it again.
        if (error instanceof ApiError && error.status === 404)
          setRecord((current) => rememberSale(sessionStore(), code, current, null));
        setPhase(firstPhase);
      });
    return () => {
      live = false;
    };
    // Only the session's first sale is resumed; later ones are this page's own.
  }, []);

  const reached = async (step: PurchaseStep, paymentMethod?: 'tdc' | 'tdd') => {
    if (reportsStep(step)) await recordStep(step, paymentMethod ? { paymentMethod } : {});
  };

  const health = kind === 'health';
  const persons = insuredOf(profile);

  // The first step opens the session's lead with the contact data (later steps carry none): it is in
  // before the next step shows, so a reload there cannot cut it off.
  const personalDone = async (buyer: BuyerData, billing: Billing, dependants: DependantData[]) => {
    if (!health) return start({ buyer, billing, dependants }, null);
    await recordStep('Datos personales', { ...buyer, profile });
    void reached('Estado de salud');
    setPhase({ step: 'Estado de salud', personal: { buyer, billing, dependants } });
  };

  const start = async ({ buyer, billing, dependants }: PersonalData, declaration: HealthData[] | null) => {
    const sale = await startSale({
      session: record.session,
      productCode: code,
      buyer,
      profile,
      billing,
      dependants,
      health: declaration,
    });
    setRecord((current) => rememberSale(sessionStore(), code, current, sale.id));
    if (!declaration) await recordStep('Datos personales', { ...buyer, profile });
    if (sale.state === 'OK') setPhase({ step: 'Compra exitosa!', sale });
    else {
      void reached('Pago');
      setPhase({ step: 'Pago', sale });
    }
  };

  // A company: 'Datos empresa' opens the lead with the contact's data; the collaborators start the sale.
  const companyDone = async (company: CompanyData) => {
    await recordStep('Datos empresa', { ...company.buyer, profile });
    void reached('Datos colaboradores');
    setPhase({ step: 'Datos colaboradores', company });
  };
  const collaboratorsDone = async (company: CompanyData, collaborators: CollaboratorValues[]) => {
    const sale = await startSale({
      session: record.session,
      productCode: code,
      buyer: company.buyer,
      profile,
      dependants: [],
      health: null,
      company: company.company,
      collaborators,
    });
    setRecord((current) => rememberSale(sessionStore(), code, current, sale.id));
    if (sale.state === 'OK') setPhase({ step: 'Compra exitosa!', sale });
    else {
      void reached('Pago');
      setPhase({ step: 'Pago', sale });
    }
  };

  const steps = purchaseStepsFor(kind);
  // The roster of a policy is kept by Chilean RUT: a company abroad requests a quote (the API says so too).
  const companyAbroad = kind === 'company' && SITE.country !== 'CL';
  const active = phase.step === 'resuming' ? 0 : steps.indexOf(phase.step);
  const unpriced = price.value === null;
  // The card's 'Desde' (no profile, or one that prices nothing): the profile comes first (002-2.08).
  const needsProfile =
    !unpriced && !price.arePricesDefined && (priced.status === 'idle' || priced.status === 'ready');
  return (
    <Box data-testid="purchase" data-code={code} data-step={phase.step}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 2 }}>
        {t('purchase.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          mb: 2,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'grey.100',
        }}
        data-testid="purchase-quote"
      >
        <OrganizationLogo
          code={product.organization.code}
          name={product.organization.displayName}
          image={product.organization.image}
        />
        <Box>
          <Typography sx={{ fontWeight: 700 }} data-testid="purchase-product-name">
            {product.displayName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {product.organization.displayName}
          </Typography>
        </Box>
        <Box sx={{ ml: 'auto', textAlign: 'right' }} aria-busy={priced.status === 'loading'}>
          {priced.status === 'loading' ? (
            <CircularProgress size={24} aria-label={t('detail.pricing')} />
          ) : (
            <PriceFigure price={price} testIdPrefix="quote-" />
          )}
        </Box>
      </Box>
      <Stepper
        activeStep={phase.step === 'Compra exitosa!' ? steps.length : active}
        alternativeLabel
        sx={{ mb: 3 }}
      >
        {steps.map((step) => (
          <Step key={step}>
            <StepLabel>{t(STEP_WORDS[step])}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {phase.step === 'resuming' && <CircularProgress aria-label={t('purchase.resuming')} />}
      {phase.step === 'Datos empresa' &&
        (unpriced || companyAbroad ? (
          <RequestInstead
            detailPath={product.detailPath}
            why={companyAbroad ? 'purchase.company.onlyChile' : 'purchase.unpriced'}
          />
        ) : needsProfile ? (
          <ProfileNeeded product={product} profile={profile} />
        ) : (
          <CompanyStep
            key={phase.problems.join('|')}
            initial={phase.earlier}
            problems={phase.problems}
            onSubmit={companyDone}
          />
        ))}
      {phase.step === 'Datos colaboradores' && (
        <CollaboratorsStep
          count={workersPriced(profile)}
          minimum={product.card.insuranceMetadata.minEmployeeQuantity ?? 1}
          onSubmit={(rows) => collaboratorsDone(phase.company, rows)}
          onEarlier={(problems) => setPhase({ step: 'Datos empresa', earlier: phase.company, problems })}
        />
      )}
      {phase.step === 'Datos personales' &&
        (unpriced ? (
          <RequestInstead detailPath={product.detailPath} why="purchase.unpriced" />
        ) : needsProfile ? (
          <ProfileNeeded product={product} profile={profile} />
        ) : (
          <PersonalDataStep
            profile={profile}
            pricePeriod={price.paymentMode}
            submitLabel={t(health ? 'purchase.continueHealth' : 'purchase.continue')}
            onSubmit={personalDone}
          />
        ))}
      {phase.step === 'Estado de salud' && (
        <HealthStep persons={persons} onSubmit={(declaration) => start(phase.personal, declaration)} />
      )}
      {(phase.step === 'Pago' || phase.step === 'Confirmación') && (
        <PaymentStep
          sale={phase.sale}
          onConfirming={(confirming) =>
            setPhase((current) =>
              'sale' in current
                ? { step: confirming ? 'Confirmación' : 'Pago', sale: current.sale }
                : current,
            )
          }
          onLeadStep={reached}
          onSale={(sale) => setPhase((current) => ('sale' in current ? { ...current, sale } : current))}
          onPaid={(sale) => setPhase({ step: 'Compra exitosa!', sale })}
        />
      )}
      {phase.step === 'Pago' && <ResumeElsewhere saleId={phase.sale.id} session={record.session} />}
      {phase.step === 'Compra exitosa!' && <PurchaseSuccess sale={phase.sale} price={price} />}
    </Box>
  );
}
