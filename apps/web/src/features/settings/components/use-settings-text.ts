import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { translateSettingsIssue } from './settings-issues';

/** The settings texts, the shared ones, and a field error translated with both. */
export function useSettingsText() {
  const { t, i18n } = useTranslation('settings');
  const { t: tCore } = useTranslation();
  const issue = (error: FieldError | undefined) => translateSettingsIssue(error, t, tCore);
  return { t, tCore, issue, language: i18n.language };
}
