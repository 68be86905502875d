import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useComparator } from '../comparator/useComparator';
import { cutToThreeDigits } from '../domain/profile/dependants';
import { withLanguage } from '../domain/routing/language';
import {
  FINDER_COMPARATOR,
  FINDER_STEPS,
  HOUSEHOLDS,
  MAX_FINDER_CHILDREN,
  MAX_FINDER_FEATURES,
  NEEDS,
  PRIORITIES,
  emptyAnswers,
  finderResult,
  stepProblems,
  toggleFeature,
  withChildren,
  type FinderAnswers,
  type FinderPerson,
  type Need,
  type StepProblems,
} from '../domain/wizard/finder';
import { useI18n } from '../i18n/I18nProvider';
import { usePageMeta } from '../shell/pageMeta';
import { featureName } from '../domain/results/cardWords';
import { useProfiles, type ApiProfile } from '../profile/ProfileContext';
import { finderText, type FinderTextKey } from './texts';

type Text = (key: FinderTextKey, n?: number) => string;

/** 000-9.11: the progress bar is 24 px high. */
export const PROGRESS_BAR_HEIGHT_PX = 24;

function Fieldset({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  return (
    <FormControl component="fieldset" error={!!error} sx={{ width: '100%', mb: 2 }}>
      <FormLabel component="legend" sx={{ fontWeight: 700, mb: 1 }}>
        {legend}
      </FormLabel>
      {children}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

function PersonFields(props: {
  label: string;
  name: string;
  person: FinderPerson;
  error?: string;
  text: Text;
  onChange(person: FinderPerson): void;
}) {
  const { label, name, person, error, text, onChange } = props;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, mb: 2 }}>
      <Typography component="p" sx={{ gridColumn: '1 / -1', fontWeight: 600 }}>
        {label}
      </Typography>
      <TextField
        select
        label={`${text('sex')} (${label})`}
        value={person.sexo}
        onChange={(e) => onChange({ ...person, sexo: e.target.value as FinderPerson['sexo'] })}
      >
        <MenuItem value="Masculino">{text('male')}</MenuItem>
        <MenuItem value="Femenino">{text('female')}</MenuItem>
      </TextField>
      <TextField
        label={`${text('age')} (${label})`}
        name={`${name}.edad`}
        value={person.edad}
        onChange={(e) => onChange({ ...person, edad: cutToThreeDigits(e.target.value) })}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Box>
  );
}

function PeopleStep({ answers, set, problems, text }: StepProps) {
  const error = (key: string) => (problems[key] ? text(problems[key]) : undefined);
  return (
    <>
      <Fieldset legend={text('people.legend')}>
        <RadioGroup
          name="household"
          value={answers.household}
          onChange={(e) => set({ household: e.target.value as FinderAnswers['household'] })}
        >
          {HOUSEHOLDS.map((household) => (
            <FormControlLabel
              key={household}
              value={household}
              control={<Radio />}
              label={text(`household.${household}`)}
            />
          ))}
        </RadioGroup>
      </Fieldset>
      <PersonFields
        label={text('you')}
        name="holder"
        person={answers.holder}
        error={error('holder.edad')}
        text={text}
        onChange={(holder) => set({ holder })}
      />
      {answers.household !== 'solo' && (
        <PersonFields
          label={text(answers.household === 'familia' ? 'partnerOptional' : 'partner')}
          name="partner"
          person={answers.partner}
          error={error('partner.edad')}
          text={text}
          onChange={(partner) => set({ partner })}
        />
      )}
      {answers.household === 'familia' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          <TextField
            select
            label={text('children')}
            value={answers.children.length}
            onChange={(e) => set({ children: withChildren(answers.children, Number(e.target.value)) })}
            error={!!error('children')}
            helperText={error('children')}
          >
            {Array.from({ length: MAX_FINDER_CHILDREN + 1 }, (_, n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          {answers.children.map((edad, index) => (
            <TextField
              key={index}
              label={text('childAge', index + 1)}
              value={edad}
              onChange={(e) =>
                set({
                  children: answers.children.map((age, i) =>
                    i === index ? cutToThreeDigits(e.target.value) : age,
                  ),
                })
              }
              error={!!error(`children.${index}`)}
              helperText={error(`children.${index}`)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
        </Box>
      )}
    </>
  );
}

function HealthStep({ answers, set, problems, text }: StepProps) {
  return (
    <>
      <Fieldset
        legend={text('health.legend')}
        error={problems.prevision ? text(problems.prevision) : undefined}
      >
        <RadioGroup
          name="prevision"
          value={answers.prevision}
          onChange={(e) => set({ prevision: e.target.value as FinderAnswers['prevision'] })}
        >
          <FormControlLabel value="Isapre" control={<Radio />} label={text('isapre')} />
          <FormControlLabel value="Fonasa" control={<Radio />} label={text('fonasa')} />
        </RadioGroup>
      </Fieldset>
      <TextField
        label={text('income')}
        value={answers.ingreso}
        onChange={(e) => set({ ingreso: e.target.value.replace(/[^\d.]/g, '').slice(0, 13) })}
        helperText={text('incomeHint')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        fullWidth
      />
    </>
  );
}

function NeedStep({ answers, set, problems, text, features }: StepProps) {
  const { tOr } = useI18n();
  return (
    <>
      <Fieldset legend={text('need.legend')}>
        <RadioGroup name="need" value={answers.need} onChange={(e) => set({ need: e.target.value as Need })}>
          {(Object.keys(NEEDS) as Need[]).map((need) => (
            <FormControlLabel
              key={need}
              value={need}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              label={
                <span>
                  <strong>{text(`need.${need}`)}</strong>
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                    {text(`need.${need}.hint`)}
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </Fieldset>
      {features.length > 0 && (
        <Fieldset
          legend={text('features.legend', MAX_FINDER_FEATURES)}
          error={problems.features ? text(problems.features) : undefined}
        >
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {features.map((feature) => {
              const checked = answers.features.includes(feature.code);
              return (
                <FormControlLabel
                  key={feature.code}
                  control={
                    <Checkbox
                      checked={checked}
                      disabled={!checked && answers.features.length >= MAX_FINDER_FEATURES}
                      onChange={() => set({ features: toggleFeature(answers.features, feature.code) })}
                    />
                  }
                  label={featureName(feature.code, feature.name, tOr)}
                />
              );
            })}
          </FormGroup>
        </Fieldset>
      )}
    </>
  );
}

function PrioritiesStep({ answers, set, text }: StepProps) {
  return (
    <Fieldset legend={text('priorities.legend')}>
      <RadioGroup
        name="priority"
        value={answers.priority}
        onChange={(e) => set({ priority: e.target.value as FinderAnswers['priority'] })}
      >
        {PRIORITIES.map((priority) => (
          <FormControlLabel
            key={priority}
            value={priority}
            control={<Radio />}
            label={text(`priority.${priority}`)}
          />
        ))}
      </RadioGroup>
    </Fieldset>
  );
}

interface StepProps {
  answers: FinderAnswers;
  set(patch: Partial<FinderAnswers>): void;
  problems: StepProblems;
  text: Text;
  features: { code: string; name: string }[];
}

const STEP_VIEWS = {
  people: PeopleStep,
  health: HealthStep,
  need: NeedStep,
  priorities: PrioritiesStep,
} as const;

/**
 * wizard/seguros-de-salud (rule 000-2.23): the guided finder. Four steps whose answers become the health
 * comparator's profile (saved like the profile box's, so prices are exact on arrival) and its filters;
 * the last step opens the comparator. The decisions behind the questions are in web-storefront/README.md.
 */
export default function WizardPage() {
  const { lang } = useI18n();
  const text: Text = (key, n) => finderText(lang, key, n);
  const navigate = useNavigate();
  const profiles = useProfiles();
  const comparator = useComparator(FINDER_COMPARATOR);
  const [answers, setAnswers] = useState<FinderAnswers>(emptyAnswers);
  const [active, setActive] = useState(0);
  const [problems, setProblems] = useState<StepProblems>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const step = FINDER_STEPS[active]!;
  const last = active === FINDER_STEPS.length - 1;
  const ready = comparator.status === 'ready' ? comparator.comparator : null;

  usePageMeta(text('title'), text('intro'));

  const set = (patch: Partial<FinderAnswers>) => {
    setAnswers((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const go = (index: number) => {
    setActive(index);
    setProblems({});
    // The new step's questions start under the heading: keyboard and screen-reader users land there.
    heading.current?.focus();
  };
  const next = () => {
    const found = stepProblems(step, answers);
    if (Object.keys(found).length > 0) return setProblems(found);
    if (!last) return go(active + 1);
    const result = finderResult(answers, ready ?? { insuranceTypes: [], features: [] });
    if (!result.ok) {
      setActive(FINDER_STEPS.indexOf(result.step));
      return setProblems(result.problems);
    }
    profiles.setProfileFor(ready?.productType ?? '', result.profile as ApiProfile);
    navigate(`${withLanguage(lang, `/${FINDER_COMPARATOR}`)}${result.search}`);
  };

  const View = STEP_VIEWS[step];
  return (
    <Container maxWidth="sm" sx={{ py: 5 }}>
      <Typography
        component="h1"
        variant="h4"
        ref={heading}
        tabIndex={-1}
        sx={{ fontWeight: 800, mb: 1, outline: 'none' }}
      >
        {text('title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text('intro')}</Typography>
      <LinearProgress
        variant="determinate"
        value={((active + 1) / FINDER_STEPS.length) * 100}
        aria-label={text('progress', active + 1)}
        data-testid="finder-progress"
        sx={{ height: PROGRESS_BAR_HEIGHT_PX, borderRadius: 1, mb: 2 }}
      />
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
        {FINDER_STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{text(`step.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {comparator.status === 'failed' && step === 'need' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {text('loadFailed')}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label={text(`step.${step}`)}
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        <View answers={answers} set={set} problems={problems} text={text} features={ready?.features ?? []} />
        {Object.keys(problems).length > 0 && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {text('error.summary')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Button variant="outlined" disabled={active === 0} onClick={() => go(active - 1)}>
            {text('back')}
          </Button>
          <Button type="submit" variant="contained" data-testid="finder-next">
            {text(last ? 'finish' : 'next')}
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
