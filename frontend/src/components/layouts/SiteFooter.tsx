import { usePlatformDescription, usePlatformName } from '../../lib/brand';

/** The desktop footer: the platform's name and description as the admin set them (Platform Settings). */
export function SiteFooter() {
  const brand = usePlatformName();
  const description = usePlatformDescription();
  return (
    <footer className="hidden border-t border-zinc-200 bg-white md:block">
      <div className="mx-auto max-w-6xl px-6 py-6 text-sm text-zinc-600">
        © {new Date().getFullYear()} {brand}
        {description ? ` · ${description}` : null}
      </div>
    </footer>
  );
}
