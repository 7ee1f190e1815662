import { Button, Steps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';

// A multi-step form: one step shown at a time, "Suivant" only once the step's fields are valid, "Précédent"
// always, and the last step's button finishes. The wizard does not own the form: each step says how it is
// validated (with react-hook-form, `() => form.trigger([...its fields])`), so every value stays in one form.

export type WizardStep = {
  key: string;
  title: string;
  description?: string;
  content: ReactNode;
  // Resolves to false to keep the user on the step (its fields then show their messages).
  validate?: () => boolean | Promise<boolean>;
};

export type WizardProps = {
  label: string;
  steps: WizardStep[];
  onFinish: () => void | Promise<void>;
  finishLabel?: string;
  // Called with the index of the step being shown.
  onStepChange?: (index: number) => void;
};

export function Wizard({ label, steps, onFinish, finishLabel = 'Valider', onStepChange }: WizardProps) {
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  // Moving to another step puts the focus on its heading, so keyboard and screen-reader users start there.
  const focusHeading = useRef(false);
  const step = steps[current];
  const last = current === steps.length - 1;

  function goTo(index: number) {
    focusHeading.current = true;
    setCurrent(index);
    onStepChange?.(index);
  }

  async function handleNext() {
    setBusy(true);
    try {
      const valid = step.validate ? await step.validate() : true;
      if (!valid) return;
      if (last) await onFinish();
      else goTo(current + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bo-wizard" role="group" aria-label={label}>
      <Steps
        className="bo-wizard__steps"
        current={current}
        size="small"
        items={steps.map((item, index) => ({
          title: item.title,
          content: item.description,
          status: index < current ? 'finish' : index === current ? 'process' : 'wait',
        }))}
      />
      <form
        className="bo-wizard__step"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleNext();
        }}
      >
        <h2
          className="bo-wizard__title"
          tabIndex={-1}
          ref={(element) => {
            if (element && focusHeading.current) {
              focusHeading.current = false;
              element.focus();
            }
          }}
        >
          Étape {current + 1} sur {steps.length} : {step.title}
        </h2>
        <div className="bo-wizard__content" key={step.key}>
          {step.content}
        </div>
        <div className="bo-wizard__actions">
          <Button onClick={() => goTo(current - 1)} disabled={current === 0 || busy}>
            Précédent
          </Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {last ? finishLabel : 'Suivant'}
          </Button>
        </div>
      </form>
    </div>
  );
}
