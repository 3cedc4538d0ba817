import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Faq } from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useFaqs } from '@/entities/faqs/api/get-faqs';
import { describeApiError } from '@/lib/translate-error';
import { useDeleteFaq } from '../api/delete-faq';
import { moveFaq, useReorderFaqs } from '../api/reorder-faqs';
import { FaqForm } from './faq-form';
import { inLanguage } from './localised-text';
import { useSettingsText } from './use-settings-text';

function questionOf(faq: Faq, language: string) {
  return inLanguage({ en: faq.questionEn, fr: faq.questionFr, ar: faq.questionAr }, language);
}

type FaqListProps = {
  faqs: Faq[];
  onEdit: (faq: Faq) => void;
  onDelete: (faq: Faq) => void;
};

function FaqList({ faqs, onEdit, onDelete }: FaqListProps) {
  const { t, tCore, language } = useSettingsText();
  const reorder = useReorderFaqs();

  function move(index: number, offset: -1 | 1) {
    reorder.mutate(moveFaq(faqs, index, offset), {
      onSuccess: () => toast.success(t('faqs.moved')),
      onError: (error) => toast.error(describeApiError(error, tCore)),
    });
  }

  return (
    <ol aria-label={t('faqs.title')} className="divide-y divide-border">
      {faqs.map((faq, index) => {
        const question = questionOf(faq, language);
        const answer = inLanguage(
          { en: faq.answerEn, fr: faq.answerFr, ar: faq.answerAr },
          language,
        );
        return (
          <li key={faq.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
            {/* The list already tells assistive technology each item's number. */}
            <span
              aria-hidden
              className="mt-0.5 w-6 shrink-0 text-sm font-semibold text-muted tabular-nums"
            >
              {index + 1}.
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium break-words text-fg">{question}</p>
              <p className="mt-1 line-clamp-2 text-sm break-words text-muted">{answer}</p>
              <div className="mt-2 flex flex-wrap gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => move(index, -1)}
                  disabled={index === 0 || reorder.isPending}
                  aria-label={t('faqs.moveUp', { question })}
                >
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => move(index, 1)}
                  disabled={index === faqs.length - 1 || reorder.isPending}
                  aria-label={t('faqs.moveDown', { question })}
                >
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onEdit(faq)}
                  aria-label={t('faqs.editLabel', { question })}
                >
                  <Pencil aria-hidden className="size-4" />
                  {t('faqs.edit')}
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onDelete(faq)}
                  aria-label={t('faqs.deleteLabel', { question })}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function FaqsSection() {
  const { t, tCore, language } = useSettingsText();
  const faqs = useFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Faq | null>(null);
  const [deleting, setDeleting] = useState<Faq | null>(null);

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  function confirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('faqs.deleted'));
        if (editing?.id === id) setEditing(null);
        closeDelete();
      },
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t('faqs.description')}</p>
      {/* Keyed by what is edited, so switching FAQ starts the form afresh. */}
      <FaqForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {faqs.isPending ? (
        <Spinner className="size-8" />
      ) : faqs.isError ? (
        <Alert>{describeApiError(faqs.error, tCore)}</Alert>
      ) : (
        <Card title={t('faqs.listTitle', { count: faqs.data.faqs.length })}>
          {faqs.data.faqs.length === 0 ? (
            <p className="text-sm text-muted">{t('faqs.empty')}</p>
          ) : (
            <FaqList faqs={faqs.data.faqs} onEdit={setEditing} onDelete={setDeleting} />
          )}
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={closeDelete}
        onConfirm={confirmDelete}
        title={t('faqs.deleteTitle')}
        description={
          deleting ? t('faqs.deleteDescription', { question: questionOf(deleting, language) }) : ''
        }
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={remove.error}
      />
    </div>
  );
}
