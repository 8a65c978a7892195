import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The two steps: 1 Contact Details, 2 Payment (Confirmation when fee collection is off). */
export function CheckoutSteps({ step, feeOn }: { step: 1 | 2; feeOn: boolean }) {
  const steps = [
    { n: 1, label: 'Contact Details' },
    { n: 2, label: feeOn ? 'Payment' : 'Confirmation' },
  ] as const;
  return (
    <ol className="flex items-center gap-3" aria-label="Checkout steps">
      {steps.map((s, i) => {
        const done = step > s.n;
        const current = step === s.n;
        return (
          <li key={s.n} className="flex items-center gap-3" aria-current={current ? 'step' : undefined}>
            {i > 0 ? <span className="h-px w-8 bg-zinc-300 sm:w-16" aria-hidden="true" /> : null}
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                current || done ? 'bg-zinc-900 text-white' : 'bg-zinc-200 text-zinc-700',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-4" /> : s.n}
            </span>
            <span className={cn('text-sm', current ? 'font-semibold text-zinc-900' : 'text-zinc-600')}>
              <span className="sr-only">Step {s.n}: </span>
              {s.label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
