import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import { ADDRESS_SUGGESTION_MIN_INPUT } from '@barber/shared';
import { Input } from '../../../components/ui/Input';
import { cn } from '../../../lib/cn';
import { fetchAddressSuggestions } from '../api/checkout';

/** The suggestion list hides 200 ms after the input loses focus (docs/spec/customer-side.md §9). */
const HIDE_DELAY_MS = 200;
const DEBOUNCE_MS = 250;

/**
 * The address box with suggestions (an ARIA combobox): suggestions are requested from 3
 * characters of input; arrow keys move through them, Enter picks one, Escape closes.
 */
export function AddressInput({
  value,
  onValueChange,
  city,
  zipcode,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  city: string | null;
  zipcode: string | null;
}) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!typed || value.trim().length < ADDRESS_SUGGESTION_MIN_INPUT) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchAddressSuggestions(value.trim(), city, zipcode, controller.signal)
        .then((list) => {
          setSuggestions(list);
          setActive(-1);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, city, zipcode, typed]);

  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const expanded = open && suggestions.length > 0;

  const pick = (s: string) => {
    onValueChange(s);
    setTyped(false);
    setOpen(false);
    setSuggestions([]);
  };

  return (
    <div className="relative">
      <Input
        {...props}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="street-address"
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setTyped(true);
          setOpen(true);
        }}
        onFocus={() => {
          if (hideTimer.current) clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={(e) => {
          props.onBlur?.(e);
          hideTimer.current = setTimeout(() => setOpen(false), HIDE_DELAY_MS);
        }}
        onKeyDown={(e) => {
          if (!expanded) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === 'Enter' && active >= 0) {
            e.preventDefault();
            pick(suggestions[active]!);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-y-auto rounded-md border border-zinc-200 bg-white p-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          <li
            key={`${s}-${i}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onClick={() => pick(s)}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'cursor-pointer rounded px-3 py-2 text-sm',
              i === active ? 'bg-zinc-100' : 'hover:bg-zinc-50',
            )}
          >
            {s}
          </li>
        ))}
      </ul>
    </div>
  );
}
