import type { ComponentProps } from 'react';
import { cn } from '../../../../lib/cn';
import { inputClasses } from '../../../../components/ui/Input';

/** A styled native <select> (keyboard and screen-reader friendly on every device). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...props} />;
}
