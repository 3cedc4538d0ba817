import { Camera } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { IMAGE_MAX_BYTES } from '@keymarket/contracts/catalogue';
import type { User } from '@keymarket/contracts/users';
import { UserAvatar } from '@/entities/users/components/user-avatar';
import { Button } from '@/components/ui/button';
import { describeApiError } from '@/lib/translate-error';
import { useUploadAvatar } from '../api/upload-avatar';

// What the server recognises by the file's bytes; the picker offers only these.
const ACCEPTED_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The user's picture, name and username, with a button to replace the picture; files over 2MB
 * never leave the browser.
 */
export function ProfilePicture({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { t: tCore } = useTranslation();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ title: string; detail?: string }>();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after an error) still fires a change.
    event.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setError({ title: tCore('messages.imageTooLarge') });
      return;
    }
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => toast.success(t('me.picture.success')),
      onError: (failure) =>
        setError({
          title: tCore('messages.failedToUpdateProfilePicture'),
          detail: describeApiError(failure, tCore),
        }),
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-4">
        <UserAvatar user={user} size="lg" alt={t('me.picture.alt')} />
        <div className="flex min-w-0 flex-col items-start gap-1">
          {/* dir="auto": a Latin name on an Arabic page loses its end to the ellipsis, not its start. */}
          <p dir="auto" className="max-w-full truncate font-semibold text-fg">
            {user.firstName} {user.lastName}
          </p>
          <p className="-mt-1 max-w-full truncate text-sm text-muted">
            <bdi dir="ltr">@{user.username}</bdi>
          </p>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_TYPES}
            onChange={choose}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
          />
          <Button
            variant="secondary"
            size="sm"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            className="mt-1"
          >
            <Camera aria-hidden className="size-4" />
            {t('me.picture.change')}
          </Button>
          <p className="text-xs text-muted">{t('me.picture.hint')}</p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          <span className="font-medium">{error.title}</span>
          {error.detail && <span className="block text-xs">{error.detail}</span>}
        </p>
      )}
    </div>
  );
}
