import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PriceRule } from '@keymarket/contracts/price-rules';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/entities/categories/api/get-categories';
import { localisedName } from '@/lib/localised-name';
import { useDeletePriceRule } from '../api/delete-price-rule';
import { usePriceRules } from '../api/get-price-rules';
import { PriceRuleDialog } from './price-rule-dialog';

/**
 * A seller's standing rules (docs/adr/0071-standing-price-rules.md): its invitees pay its buying
 * price plus a percentage, by category or for every product; added, changed and deleted here.
 */
export function StandingRules() {
  const { t, i18n } = useTranslation('priceRules');
  const rules = usePriceRules();
  const categoriesQuery = useCategories();
  const categories = categoriesQuery.data?.data ?? [];
  const remove = useDeletePriceRule();
  // `undefined`: no dialog; `null`: adding a rule.
  const [editing, setEditing] = useState<PriceRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PriceRule | null>(null);

  const nameOf = (categoryId: string | null) => {
    if (categoryId === null) return t('everything');
    const category = categories.find((c) => c.id === categoryId);
    return category ? localisedName(category, i18n.language) : '…';
  };

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  function confirmDelete() {
    if (!deleting) return;
    const name = nameOf(deleting.categoryId);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('confirm.deleted', { name }));
        closeDelete();
      },
    });
  }

  return (
    <Card title={t('title')} description={t('description')}>
      {rules.isPending && <Spinner className="size-6" />}
      {rules.isError && <LoadError error={rules.error} onRetry={() => void rules.refetch()} />}
      {rules.isSuccess &&
        (rules.data.data.length === 0 ? (
          <p className="text-sm text-muted">{t('empty')}</p>
        ) : (
          <ul aria-label={t('listLabel')} className="divide-y divide-border">
            {rules.data.data.map((rule) => {
              const name = nameOf(rule.categoryId);
              return (
                <li key={rule.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span dir="auto" className="truncate font-medium text-fg">
                      {name}
                    </span>
                    <span className="text-sm text-muted">
                      {t('markup', { percent: rule.markupPercent })}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setEditing(rule)}
                    aria-label={t('edit', { name })}
                  >
                    <Pencil aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setDeleting(rule)}
                    aria-label={t('delete', { name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        ))}
      {/* Under the list rather than beside the title: a phone keeps the description's width. */}
      <Button variant="secondary" onClick={() => setEditing(null)} className="mt-4">
        <Plus aria-hidden className="size-4" />
        {t('add')}
      </Button>
      <PriceRuleDialog
        rule={editing}
        categories={categories}
        nameOf={nameOf}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirm.title', { name: deleting ? nameOf(deleting.categoryId) : '' })}
        description={t('confirm.description')}
        confirmLabel={t('confirm.confirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
    </Card>
  );
}
