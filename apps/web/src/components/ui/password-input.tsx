import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from './input';

/** A password input with a button that reveals what was typed, for mobile typing mistakes. */
export function PasswordInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;

  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className="pe-11" {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 my-auto me-1 grid size-8 place-items-center rounded-md text-muted hover:text-fg"
      >
        <Icon aria-hidden className="size-4" />
      </button>
    </div>
  );
}
