import { KeyRoundIcon } from 'lucide-react';
import { AuthPage } from '../../features/auth/components/auth-page';
import {
  ForgotPasswordFooter,
  ForgotPasswordForm,
} from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthPage
      title="Forgot Password"
      description="Enter the email address of your account and we will send you a link to set a new password."
      icon={<KeyRoundIcon />}
      footer={<ForgotPasswordFooter />}
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
