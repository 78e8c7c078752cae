import { UserRoundPlusIcon } from 'lucide-react';
import { AuthPage } from '../../features/auth/components/auth-page';
import { RegisterFooter, RegisterForm } from '../../features/auth/components/register-form';

export function RegisterRoute() {
  return (
    <AuthPage
      title="Create Account"
      description="Keep your bookings in one place and manage your trips online."
      icon={<UserRoundPlusIcon />}
      footer={<RegisterFooter />}
    >
      <RegisterForm />
    </AuthPage>
  );
}
