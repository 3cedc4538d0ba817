import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';

type CatalogueImageProps = {
  src: string | null;
  /** The size, e.g. `size-14`; the image is square and covers it. */
  className: string;
  /** Empty when a name next to the image already says what it shows. */
  alt?: string;
};

/** A product's or category's picture, or a placeholder of the same size when it has none. */
export function CatalogueImage({ src, className, alt = '' }: CatalogueImageProps) {
  if (!src) {
    return (
      <span
        className={clsx(
          'grid shrink-0 place-items-center rounded-lg bg-surface-2 text-muted',
          className,
        )}
      >
        <ImageOff aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={clsx('shrink-0 rounded-lg bg-surface-2 object-cover', className)}
    />
  );
}
