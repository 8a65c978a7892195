/** The amber call-to-action button on the dark banners (Button's variants only cover light backgrounds). */
export const amberButton =
  'inline-flex h-11 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-amber-400 px-6 text-base font-semibold text-zinc-950 transition-colors hover:bg-amber-300 [&_svg]:size-4';

/** The outlined button on the dark banners. */
export const darkOutlineButton =
  'inline-flex h-11 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-white/50 px-6 text-base font-medium text-white transition-colors hover:bg-white/10 [&_svg]:size-4';
