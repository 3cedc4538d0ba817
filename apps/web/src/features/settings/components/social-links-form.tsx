import { toast } from 'sonner';
import {
  socialNetworks,
  updateSocialLinksSchema,
  type SocialLinks,
  type SocialNetwork,
} from '@keymarket/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/translate-error';
import { useSocialLinks } from '@/entities/social-links/api/get-social-links';
import { useContractForm } from '@/lib/use-contract-form';
import { useUpdateSocialLinks } from '../api/update-social-links';
import { useSettingsText } from './use-settings-text';

/** What an address of each network looks like, as a placeholder. */
const examples: Record<SocialNetwork, string> = {
  facebook: 'https://facebook.com/…',
  instagram: 'https://instagram.com/…',
  x: 'https://x.com/…',
  telegram: 'https://t.me/…',
  whatsapp: 'https://wa.me/…',
  youtube: 'https://youtube.com/@…',
  tiktok: 'https://tiktok.com/@…',
  discord: 'https://discord.gg/…',
  website: 'https://…',
};

// An empty field means "no link": sent as null, which the contract takes as removing it.
const urlOrNull = (value: string | null) => (value?.trim() ? value.trim() : null);

function formValuesOf(links: SocialLinks) {
  return {
    links: Object.fromEntries(
      socialNetworks.map((network) => [network, links[network] ?? null]),
    ) as Record<SocialNetwork, string | null>,
  };
}

function SocialLinksFields({ links }: { links: SocialLinks }) {
  const { t, tCore, issue } = useSettingsText();
  const update = useUpdateSocialLinks();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useContractForm(updateSocialLinksSchema, { defaultValues: formValuesOf(links) });

  const onSubmit = handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved.links));
        toast.success(t('socialLinks.saved'));
      },
      onError: (error) => {
        // The server names the field `body.links.<network>`.
        if (!(error instanceof ApiError)) return;
        for (const detail of error.body.details ?? []) {
          const network = socialNetworks.find((name) => detail.path.endsWith(`links.${name}`));
          if (network) setError(`links.${network}`, { type: error.type, message: detail.message });
        }
      },
    });
  });

  const hasFieldErrors = Object.keys(errors.links ?? {}).length > 0;

  return (
    <Card title={t('socialLinks.title')} description={t('socialLinks.description')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {socialNetworks.map((network) => (
            <Field
              key={network}
              label={t(`socialLinks.networks.${network}`)}
              error={issue(errors.links?.[network])}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(`links.${network}`, { setValueAs: urlOrNull })}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder={examples[network]}
                  maxLength={500}
                  dir="ltr"
                />
              )}
            </Field>
          ))}
        </div>
        {update.isError && !hasFieldErrors && (
          <Alert>{describeApiError(update.error, tCore)}</Alert>
        )}
        <Button type="submit" loading={update.isPending} className="w-fit">
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

export function SocialLinksForm() {
  const { tCore } = useSettingsText();
  const links = useSocialLinks();
  if (links.isPending) return <Spinner className="size-8" />;
  if (links.isError) return <Alert>{describeApiError(links.error, tCore)}</Alert>;
  return <SocialLinksFields links={links.data.links} />;
}
