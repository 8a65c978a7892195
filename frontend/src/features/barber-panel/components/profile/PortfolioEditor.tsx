import { ImagePlus, X } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';

const PORTFOLIO_HINT_MAX = 10;
const STOCK_IMAGES = Array.from({ length: 8 }, (_, i) => `/uploads/portfolio-${i + 1}.svg`);

/** The next of the app's own portfolio images (there is no real upload). */
function nextStockImage(current: string[]): string {
  return STOCK_IMAGES.find((src) => !current.includes(src)) ?? STOCK_IMAGES[current.length % STOCK_IMAGES.length]!;
}

export function PortfolioEditor({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Portfolio images</legend>
      {images.length === 0 ? <p className="text-sm text-zinc-600">No portfolio images yet.</p> : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {images.map((src, i) => (
          <li key={`${src}-${i}`} className="relative overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50">
            <img
              src={src}
              alt={`Portfolio image ${i + 1}`}
              className="aspect-square w-full object-cover"
              loading="lazy"
            />
            <Button
              variant="secondary"
              size="icon"
              className="absolute right-1 top-1 size-8 bg-white/90"
              aria-label={`Remove portfolio image ${i + 1}`}
              onClick={() => onChange(images.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => onChange([...images, nextStockImage(images)])}>
          <ImagePlus aria-hidden="true" />
          Add Image
        </Button>
        <p className="text-sm text-zinc-600">You can showcase up to a maximum of {PORTFOLIO_HINT_MAX} images.</p>
      </div>
    </fieldset>
  );
}
