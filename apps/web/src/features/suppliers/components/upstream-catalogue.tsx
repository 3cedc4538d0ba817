import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { toCents, fromCents } from '@keymarket/contracts/money';
import { basisPointsOf, markedUpCents, type Upstream } from '@keymarket/contracts/upstreams';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import {
  CellText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useFormatPrice } from '@/lib/format-price';
import { localisedName } from '@/lib/localised-name';
import { describeApiError } from '@/lib/translate-error';
import { useDebounced } from '@/lib/use-debounced';
import { useDockProducts } from '../api/dock-products';
import { useDockCategories } from '../api/get-categories';
import { useUpstreamCatalogue } from '../api/get-upstream-catalogue';

/** A number typed in a box, or undefined while it is not one. */
const numberOf = (text: string) =>
  text.trim() === '' ? undefined : Number(text.replace(',', '.'));

/**
 * The supplier's catalogue at our price there, with what each product would sell for here under
 * the markup typed above it (the server's own rule, `markedUpCents`), and docking the ones picked.
 */
export function UpstreamCatalogue({ upstream }: { upstream: Upstream }) {
  const { t, i18n } = useTranslation('suppliers');
  const { t: tCore } = useTranslation();
  const price = useFormatPrice();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [categoryId, setCategoryId] = useState('');
  const [percentText, setPercentText] = useState('10');
  const [fixedText, setFixedText] = useState('0');
  const query = { page, search: useDebounced(search, 300) };
  const catalogue = useUpstreamCatalogue(upstream.id, query);
  const categories = useDockCategories();
  const dock = useDockProducts();

  const percent = numberOf(percentText);
  const fixed = numberOf(fixedText);
  const markupValid =
    percent !== undefined && fixed !== undefined && percent >= 0 && fixed >= 0 && percent <= 1000;
  const preview = (cost: number) =>
    markupValid
      ? price(fromCents(markedUpCents(toCents(cost), basisPointsOf(percent), toCents(fixed))))
      : '—';

  const toggle = (id: string) =>
    setPicked((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    if (!markupValid) return;
    dock.mutate(
      {
        id: upstream.id,
        input: {
          upstreamProductIds: [...picked],
          categoryId,
          markupPercent: percent,
          markupFixed: fixed,
        },
      },
      {
        onSuccess: (answer) => {
          toast.success(t('dock.done', { count: answer.docked.length }));
          setPicked(new Set());
        },
        onError: (error) => toast.error(describeApiError(error, tCore)),
      },
    );
  };

  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-fg">
        {t('catalogue.title', { name: upstream.name })}
      </h2>
      <div className="mb-4 grid gap-3 md:grid-cols-4">
        <Field label={t('dock.category')}>
          {(control) => (
            <Select {...control} value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">{t('dock.chooseCategory')}</option>
              {categories.data?.data.map((category) => (
                <option key={category.id} value={category.id}>
                  {localisedName(category, i18n.language)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('dock.markupPercent')}
          error={
            percent === undefined || percent < 0 || percent > 1000 ? t('dock.badMarkup') : undefined
          }
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={percentText}
              onChange={(e) => setPercentText(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('dock.markupFixed')}
          error={fixed === undefined || fixed < 0 ? t('dock.badMarkup') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={fixedText}
              onChange={(e) => setFixedText(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-end">
          <Button
            className="w-full"
            disabled={picked.size === 0 || !categoryId || !markupValid || dock.isPending}
            onClick={submit}
          >
            {t('dock.submit', { count: picked.size })}
          </Button>
        </div>
      </div>
      <SearchInput
        aria-label={t('catalogue.search')}
        placeholder={t('catalogue.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        className="mb-3"
      />
      {catalogue.isPending && <Spinner />}
      {catalogue.isError && (
        <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      )}
      {catalogue.isSuccess &&
        (catalogue.data.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t('catalogue.empty')}</p>
        ) : (
          <>
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeader>
                    <span className="sr-only">{t('catalogue.pick')}</span>
                  </TableHeader>
                  <TableHeader>{t('catalogue.product')}</TableHeader>
                  <TableHeader>{t('catalogue.cost')}</TableHeader>
                  <TableHeader>{t('catalogue.price')}</TableHeader>
                  <TableHeader>{t('catalogue.stock')}</TableHeader>
                  <TableHeader>{t('catalogue.state')}</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {catalogue.data.data.map((item) => (
                  <TableRow key={item.upstreamProductId}>
                    {/* On a phone's card the box and the name are its heading, one label. */}
                    <TableCell kind="title">
                      <label className="flex items-center gap-3">
                        <input
                          type="checkbox"
                          aria-label={t('catalogue.pickOne', { name: item.name })}
                          disabled={item.productId !== null}
                          checked={picked.has(item.upstreamProductId)}
                          onChange={() => toggle(item.upstreamProductId)}
                          className="size-4 shrink-0"
                        />
                        <CellText className="font-medium sm:hidden">{item.name}</CellText>
                      </label>
                    </TableCell>
                    <TableCell label={t('catalogue.product')} className="max-sm:hidden">
                      <CellText>{item.name}</CellText>
                    </TableCell>
                    <TableCell label={t('catalogue.cost')}>
                      <bdi dir="ltr">{price(item.price)}</bdi>
                    </TableCell>
                    <TableCell label={t('catalogue.price')}>
                      <bdi dir="ltr">{preview(item.price)}</bdi>
                    </TableCell>
                    <TableCell label={t('catalogue.stock')}>{item.stockQuantity}</TableCell>
                    <TableCell label={t('catalogue.state')}>
                      {item.productId ? t('catalogue.docked') : t('catalogue.notDocked')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination
              page={page}
              totalPages={catalogue.data.pagination.totalPages}
              total={catalogue.data.pagination.total}
              onPageChange={setPage}
            />
          </>
        ))}
    </Card>
  );
}
