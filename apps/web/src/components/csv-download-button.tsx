import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/lib/csv-download';
import { describeApiError } from '@/lib/translate-error';

export type CsvDownloadButtonProps = {
  /** The list's API path (`/ledger`, `/audit`). */
  path: string;
  /** The list's filters, as its JSON request sends them. */
  query: Record<string, string | number | undefined>;
  label: string;
  className?: string;
};

/** Downloads every row the list's filters match as a CSV file (`?format=csv`). */
export function CsvDownloadButton({ path, query, label, className }: CsvDownloadButtonProps) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const download = () => {
    setStarting(true);
    downloadCsv(path, query)
      .catch((error: unknown) => toast.error(describeApiError(error, t)))
      .finally(() => setStarting(false));
  };
  return (
    <Button variant="secondary" onClick={download} loading={starting} className={className}>
      <Download aria-hidden className="size-4" />
      {label}
    </Button>
  );
}
