import { useSearch } from '@tanstack/react-router';
import { MailCheckIcon } from 'lucide-react';
import { AuthPage } from '../../features/auth/components/auth-page';
import { VerifyEmail, VerifyEmailFooter } from '../../features/auth/components/verify-email';

export function VerifyEmailRoute() {
  const { token } = useSearch({ from: '/verify-email' });
  return (
    <AuthPage
      title="Confirm Your Email"
      description="Confirming your address adds the bookings made as a guest with it to your trips."
      icon={<MailCheckIcon />}
      footer={<VerifyEmailFooter />}
    >
      <VerifyEmail token={token} />
    </AuthPage>
  );
}
