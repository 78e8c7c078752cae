import { useSearch } from '@tanstack/react-router';
import { LockKeyholeIcon } from 'lucide-react';
import { AuthPage } from '../../features/auth/components/auth-page';
import { PasswordResetNotice } from '../../features/auth/components/forgot-password-form';
import { LoginFooter, LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  const { redirect, reset } = useSearch({ from: '/login' });
  return (
    <AuthPage
      title="Sign In"
      description="Welcome back. Sign in to see and manage your trips."
      icon={<LockKeyholeIcon />}
      footer={<LoginFooter />}
    >
      {reset === 'done' ? <PasswordResetNotice /> : null}
      <LoginForm redirectTo={redirect} />
    </AuthPage>
  );
}
