import { clsx } from 'clsx';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import type { FieldControlProps } from './field';

type FilePickerProps = FieldControlProps & {
  onChoose: (file: File | undefined) => void;
  /** The types offered in the browser's dialog (the input's `accept`). */
  accept: string;
  /** The button's text and the text shown while no file is chosen, both translated. */
  chooseLabel: string;
  noFileLabel: string;
  icon?: ReactNode;
  name?: string;
  disabled?: boolean;
  /** The button's look: `secondary` inside a form whose own submit button is the primary one. */
  variant?: 'primary' | 'secondary';
};

/**
 * A file field in the UI language: the browser's own button and "No file chosen" would stay in
 * the browser's language. The real input keeps the label, the focus and the keyboard; the
 * visible button only opens it for pointer users. Remount it (a new `key`) to clear it.
 */
export function FilePicker({
  onChoose,
  accept,
  chooseLabel,
  noFileLabel,
  icon,
  name,
  disabled,
  variant = 'primary',
  ...control
}: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  return (
    <div
      className={clsx(
        'flex min-w-0 items-center gap-3 rounded-lg border bg-surface-2 p-1.5 transition',
        'focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
        control['aria-invalid'] ? 'border-danger' : 'border-border',
      )}
    >
      <input
        {...control}
        ref={inputRef}
        type="file"
        name={name}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          setFileName(file?.name ?? null);
          onChoose(file);
        }}
        className="sr-only"
      />
      <Button
        size="sm"
        variant={variant}
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      >
        {icon}
        {chooseLabel}
      </Button>
      <span
        dir="auto"
        className={clsx('min-w-0 truncate text-sm', fileName ? 'text-fg' : 'text-muted')}
      >
        {fileName ?? noFileLabel}
      </span>
    </div>
  );
}
