import { useSearch } from '@tanstack/react-router';
import { KeyRoundIcon } from 'lucide-react';
import { AuthPage } from '../../features/auth/components/auth-page';
import { ForgotPasswordFooter } from '../../features/auth/components/forgot-password-form';
import { ResetPassword } from '../../features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { token } = useSearch({ from: '/reset-password' });
  return (
    <AuthPage
      title="Set a New Password"
      description="Choose a new password for your account. Setting it signs you out everywhere."
      icon={<KeyRoundIcon />}
      footer={<ForgotPasswordFooter />}
    >
      <ResetPassword token={token} />
    </AuthPage>
  );
}
