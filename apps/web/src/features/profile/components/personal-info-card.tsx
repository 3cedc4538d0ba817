import { useTranslation } from 'react-i18next';
import type { User } from '@keymarket/contracts/users';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';

export function PersonalInfoCard({ user }: { user: User }) {
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
    <Card title={t('profile.personalInfo')}>
      <div className="mb-5 flex items-center gap-4">
        <span
          aria-hidden
          className="grid size-14 place-items-center rounded-full bg-primary text-lg font-semibold text-primary-fg uppercase"
        >
          {user.firstName.charAt(0)}
          {user.lastName.charAt(0)}
        </span>
        <div>
          <p className="font-semibold text-fg">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-sm text-muted">
            <bdi dir="ltr">@{user.username}</bdi>
          </p>
        </div>
      </div>
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
    </Card>
  );
}
