import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UserProfileScreen } from '@/features/users/components/user-profile-screen';

/** `/<area>/users/<id>`: one user's profile and statement, at an address of its own. */
export function UserProfileRoute() {
  // The screen's texts are loaded before it shows (the `users` namespace), as the list's are.
  useTranslation('users', { useSuspense: true });
  const { userId = '' } = useParams();
  return <UserProfileScreen userId={userId} />;
}
