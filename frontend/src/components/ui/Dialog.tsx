import { useRef, type ComponentProps } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
/** @public */
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/50', className)} {...props} />;
}

type FocusHandlers = Pick<ComponentProps<typeof DialogPrimitive.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'>;

/**
 * Where focus goes when a dialog closes: back to what had it when the dialog opened (Radix returns it only to a
 * Radix Trigger, and almost every dialog here opens from state: focus fell to the page, and the next Tab started
 * over from the top); to the main content when that element is gone (the booking the dialog cancelled).
 * A caller's own onCloseAutoFocus that prevents the default wins.
 */
function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: FocusHandlers): Required<FocusHandlers> {
  const opener = useRef<Element | null>(null);
  return {
    // called as the dialog opens, before Radix moves focus into it
    onOpenAutoFocus: (event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      const back =
        target instanceof HTMLElement && target.isConnected && target !== document.body
          ? target
          : document.getElementById('main');
      if (!back) return;
      event.preventDefault();
      back.focus();
    },
  };
}

/**
 * Centered modal. Pass a <DialogTitle> inside; without a <DialogDescription> pass
 * aria-describedby={undefined}.
 */
export function DialogContent({
  className,
  children,
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean }) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto',
          'rounded-xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-lg',
          className,
        )}
        {...focus}
        {...props}
      >
        {children}
        {hideClose ? null : <DialogCloseButton />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** The X at the top right of a dialog or sheet, named "Close". */
export function DialogCloseButton({ iconSize = 'size-4' }: { iconSize?: string }) {
  return (
    <DialogPrimitive.Close
      className="absolute right-4 top-4 rounded-md p-1 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
      aria-label="Close"
    >
      <X className={iconSize} aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

/** Side sheet (drawer) on a Radix Dialog. */
export function SheetContent({
  className,
  children,
  side = 'left',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: 'left' | 'right' | 'bottom' }) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const position = {
    left: 'inset-y-0 left-0 h-full w-[85%] max-w-xs border-r',
    right: 'inset-y-0 right-0 h-full w-[85%] max-w-xs border-l',
    bottom: 'inset-x-0 bottom-0 max-h-[90dvh] rounded-t-xl border-t',
  }[side];
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 flex flex-col gap-4 overflow-y-auto border-zinc-200 bg-white p-6 text-zinc-900 shadow-lg',
          position,
          className,
        )}
        {...focus}
        {...props}
      >
        {children}
        <DialogCloseButton iconSize="size-5" />
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-zinc-600', className)} {...props} />;
}
