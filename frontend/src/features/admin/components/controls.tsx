import type { ReactNode } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown, Search } from 'lucide-react';
import { Input } from '../../../components/ui/Input';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { cn } from '../../../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
}

/** A Radix select; label it with `aria-label` or a <Label htmlFor={id}>. */
export function Select({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  className,
  'aria-label': ariaLabel,
}: {
  id?: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={onValueChange}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900',
          className,
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown className="size-4 text-zinc-600" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg"
        >
          <SelectPrimitive.Viewport>
            {options.map((o) => (
              <SelectPrimitive.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-pointer select-none items-center rounded-sm py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-zinc-100"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex items-center">
                  <Check className="size-4" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

/** The search box of a list page: a magnifier icon and a search input named by `aria-label`. */
function SearchField({
  value,
  onChange,
  placeholder,
  'aria-label': ariaLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  'aria-label': string;
}) {
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-600"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={ariaLabel}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

/** The row above a list: its search box, then `children` (a sort select, the Filters button). */
export function ListToolbar({
  searchLabel,
  placeholder,
  search,
  onSearch,
  children,
}: {
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <SearchField aria-label={searchLabel} placeholder={placeholder} value={search} onChange={onSearch} />
      {children}
    </div>
  );
}

/** Grey rows in place of a list while it loads (`rowClassName` sets their height). */
export function LoadingRows({
  label,
  count,
  rowClassName,
  testId,
}: {
  label: string;
  count: number;
  rowClassName: string;
  testId?: string;
}) {
  return (
    <LoadingStatus label={label} className="space-y-3" aria-busy="true" data-testid={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </LoadingStatus>
  );
}

/** A list as a table on wide screens and as cards on phones. */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <div className="hidden md:block">{table}</div>
      <div className="md:hidden">{cards}</div>
    </>
  );
}

/** The tab strip of a list page: one trigger per tab, wrapping on small screens. */
export function ListTabs({ tabs }: { tabs: readonly { value: string; label: string }[] }) {
  return (
    <TabsList className="h-auto w-full flex-wrap sm:w-auto">
      {tabs.map((t) => (
        <TabsTrigger key={t.value} value={t.value}>
          {t.label}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
