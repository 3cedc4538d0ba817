import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Product } from '@keymarket/contracts/catalogue';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useAdminProducts } from '../api/get-products';
import { useDeleteKeys, useMoveKeys } from '../api/key-pool';

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
  pick: { keyIds: string[] } | { count: number };
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const move = useMoveKeys();
  const products = useAdminProducts({ deleted: 'exclude' });
  const targets = useMemo(
    () =>
      (products.data?.data ?? []).filter(
        (p) => p.deliveryType === 'instant' && p.id !== product.id,
      ),
    [products.data, product.id],
  );
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string>();
  const count = 'keyIds' in pick ? pick.keyIds.length : pick.count;
  return (
    <ConfirmDialog
      open
      confirmVariant="primary"
      title={t('keyPool.moveTitle')}
      description={t('keyPool.moveText', { count })}
      confirmLabel={t('keyPool.move')}
      pending={move.isPending}
      error={move.error}
      onCancel={onCancel}
      onConfirm={() => {
        if (!target) {
          setTargetError(t('keyPool.moveChoose'));
          return;
        }
        move.mutate(
          { productId: product.id, toProductId: target, ...pick },
          {
            onSuccess: (result) => {
              toast.success(t('keyPool.moved', { count: result.moved }));
              onDone();
            },
          },
        );
      }}
    >
      <Field label={t('keyPool.moveTarget')} error={targetError}>
        {(control) => (
          <Select
            {...control}
            value={target}
            onChange={(event) => {
              setTarget(event.target.value);
              setTargetError(undefined);
            }}
          >
            <option value="">{t('keyPool.moveChoose')}</option>
            {targets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </ConfirmDialog>
  );
}
