import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { User } from '@keymarket/contracts/users';
import { UserInfoForm } from '@/entities/users/components/user-info-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useUpdateMe } from '../api/update-me';
import { ProfilePicture } from './profile-picture';

export function PersonalInfoCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { t: tUsers } = useTranslation('users');
  const [editing, setEditing] = useState(false);

  return (
    <Card
      title={t('profile.personalInfo')}
      action={
        !editing && (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-4" />
            {tUsers('me.edit')}
          </Button>
        )
      }
    >
      <div className="mb-5">
        <ProfilePicture user={user} />
      </div>
      {editing ? (
        <EditPersonalInfo user={user} onDone={() => setEditing(false)} />
      ) : (
        <PersonalInfo user={user} />
      )}
    </Card>
  );
}

function PersonalInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  // Latin-script values (email, phone, username) keep their own direction inside Arabic text.
  const rows = [
    { label: t('profile.username'), value: user.username, ltr: true },
    { label: t('profile.firstName'), value: user.firstName, ltr: false },
    { label: t('profile.lastName'), value: user.lastName, ltr: false },
    { label: t('profile.email'), value: user.email, ltr: true },
    { label: t('profile.phone'), value: user.phone, ltr: true },
    { label: t('profile.role'), value: t(`roles.${user.role}`), ltr: false },
    { label: t('profile.joined'), value: formatDate(user.createdAt, i18n.language), ltr: false },
  ];

  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">{row.label}</dt>
          {row.value ? (
            <dd className="mt-1 truncate text-sm text-fg">
              {row.ltr ? <bdi dir="ltr">{row.value}</bdi> : row.value}
            </dd>
          ) : (
            <dd className="mt-1 text-sm text-muted italic">{t('profile.notProvided')}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** The user's own names, email and phone, with the same rules as the admin's edit. */
function EditPersonalInfo({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('users');
  const updateMe = useUpdateMe();

  return (
    <UserInfoForm
      user={user}
      submitLabel={t('me.save')}
      failureTitle={t('me.failed')}
      save={(changes) => updateMe.mutateAsync(changes)}
      onSaved={() => {
        toast.success(t('me.success'));
        onDone();
      }}
      onCancel={onDone}
      confirmEmailWithPassword
    />
  );
}
