import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import {
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  faqInputSchema,
  type Faq,
} from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { describeApiError } from '@/lib/translate-error';
import { useContractForm } from '@/lib/use-contract-form';
import { useCreateFaq } from '../api/create-faq';
import { useUpdateFaq } from '../api/update-faq';
import { LocalisedTextField } from './localised-text-field';
import { useSettingsText } from './use-settings-text';

const languageFields = [
  { language: 'en', question: 'questionEn', answer: 'answerEn' },
  { language: 'fr', question: 'questionFr', answer: 'answerFr' },
  { language: 'ar', question: 'questionAr', answer: 'answerAr' },
] as const;

function textsOf(faq: Faq | null) {
  return {
    questionEn: faq?.questionEn ?? '',
    questionFr: faq?.questionFr ?? '',
    questionAr: faq?.questionAr ?? '',
    answerEn: faq?.answerEn ?? '',
    answerFr: faq?.answerFr ?? '',
    answerAr: faq?.answerAr ?? '',
  };
}

type FaqFormProps = {
  /** The FAQ being edited, or null to add one (it goes last). */
  editing: Faq | null;
  onDone: () => void;
};

/** Adds a question, or edits one: the texts only, its place is kept. */
export function FaqForm({ editing, onDone }: FaqFormProps) {
  const { t, tCore, issue } = useSettingsText();
  const create = useCreateFaq();
  const update = useUpdateFaq();
  const saving = editing ? update : create;
  const cardRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    showServerErrors,
    setFocus,
    formState: { errors },
  } = useContractForm(faqInputSchema, { defaultValues: textsOf(editing) });

  // Choosing "Edit" far down the list brings the form into view, ready to type.
  useEffect(() => {
    if (!editing) return;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom has no scrollIntoView
    cardRef.current?.scrollIntoView?.({ block: 'start' });
    setFocus('questionEn');
  }, [editing, setFocus]);

  const onError = (error: unknown) => showServerErrors(error);
  const onSubmit = handleSubmit((faq) => {
    if (editing) {
      update.mutate(
        { id: editing.id, faq },
        {
          onSuccess: () => {
            toast.success(t('faqs.updated'));
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(faq, {
      onSuccess: () => {
        reset();
        toast.success(t('faqs.added'));
      },
      onError,
    });
  });

  return (
    <div ref={cardRef} className="scroll-mt-4">
      <Card title={editing ? t('faqs.editTitle') : t('faqs.addTitle')}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 lg:grid-cols-3">
            {languageFields.map(({ language, question, answer }) => (
              <div key={language} className="flex flex-col gap-4">
                <LocalisedTextField
                  label={t(`faqs.${question}`)}
                  language={language}
                  registration={register(question)}
                  error={issue(errors[question])}
                  maxLength={FAQ_QUESTION_MAX}
                />
                <LocalisedTextField
                  label={t(`faqs.${answer}`)}
                  language={language}
                  registration={register(answer)}
                  error={issue(errors[answer])}
                  maxLength={FAQ_ANSWER_MAX}
                  rows={5}
                />
              </div>
            ))}
          </div>
          {saving.isError && !Object.keys(errors).length && (
            <Alert>{describeApiError(saving.error, tCore)}</Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={saving.isPending}>
              {editing ? t('faqs.update') : t('faqs.add')}
            </Button>
            {editing && (
              <Button variant="secondary" onClick={onDone}>
                {t('faqs.cancelEdit')}
              </Button>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
