import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { ComboFilter } from '@/components/ui/combo-filter';
import { Input } from '@/components/ui/input';
import { useDeleteKeys, useMoveKeys } from '../api/key-pool';
import { moveTargetChoices } from '../api/move-targets';

export function DeleteKeysDialog({
  product,
  keyIds,
  onDone,
  onCancel,
}: {
  product: Product;
  keyIds: string[];
  onDone: (deleted: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const remove = useDeleteKeys();
  return (
    <ConfirmDialog
      open
      title={t('keyPool.deleteTitle')}
      description={t('keyPool.deleteText', { count: keyIds.length })}
      confirmLabel={t('keyPool.delete')}
      pending={remove.isPending}
      error={remove.error}
      onCancel={onCancel}
      onConfirm={() =>
        remove.mutate(
          { productId: product.id, keyIds },
          {
            onSuccess: (result) => {
              toast.success(t('keyPool.deleted', { count: result.deleted }));
              onDone(keyIds);
            },
          },
        )
      }
    />
  );
}

export function MoveKeysDialog({
  product,
  pick,
  onDone,
  onCancel,
}: {
  product: Product;
  /** The selected keys, or up to `count` of the next ones to be sold (the admin says how many). */
  pick: { keyIds: string[] } | { count: number };
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const move = useMoveKeys();
  const useTargets = useMemo(() => moveTargetChoices(product.id), [product.id]);
  const [target, setTarget] = useState<{ id: string; name: string }>();
  const [targetError, setTargetError] = useState<string>();
  const most = 'count' in pick ? pick.count : pick.keyIds.length;
  const [countText, setCountText] = useState(String(most));
  const [countError, setCountError] = useState<string>();
  const count = 'keyIds' in pick ? pick.keyIds.length : Number(countText);
  return (
    <ConfirmDialog
      open
      confirmVariant="primary"
      title={t('keyPool.moveTitle')}
      description={t('keyPool.moveText', { count: Number.isInteger(count) ? count : 0 })}
      confirmLabel={t('keyPool.move')}
      pending={move.isPending}
      error={move.error}
      onCancel={onCancel}
      onConfirm={() => {
        const countOk = Number.isInteger(count) && count >= 1 && count <= most;
        if (!countOk) setCountError(t('keyPool.moveCountRange', { count: most }));
        if (!target) setTargetError(t('keyPool.moveChoose'));
        if (!countOk || !target) return;
        move.mutate(
          {
            productId: product.id,
            toProductId: target.id,
            ...('keyIds' in pick ? { keyIds: pick.keyIds } : { count }),
          },
          {
            onSuccess: (result) => {
              toast.success(t('keyPool.moved', { count: result.moved }));
              onDone();
            },
          },
        );
      }}
    >
      <div className="flex flex-col gap-4">
        {'count' in pick && (
          <Field
            label={t('keyPool.moveCount')}
            hint={t('keyPool.moveCountHint', { count: most })}
            error={countError}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={most}
                step={1}
                value={countText}
                onChange={(event) => {
                  setCountText(event.target.value);
                  setCountError(undefined);
                }}
              />
            )}
          </Field>
        )}
        <Field label={t('keyPool.moveTarget')} error={targetError}>
          {() => (
            <ComboFilter
              label={t('keyPool.moveChoose')}
              value={target?.id ?? ''}
              valueLabel={target?.name}
              onChange={(choice) => {
                setTarget(choice && { id: choice.id, name: choice.label });
                setTargetError(undefined);
              }}
              useChoices={useTargets}
            />
          )}
        </Field>
      </div>
    </ConfirmDialog>
  );
}
