import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { AuthLayout } from '../../layouts/auth-layout';

/** /forgot (000 §2, §5). */
export default function ForgotRoute() {
  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the e-mail of your account and we will send you a temporary password."
      footer={
        <Anchor component={Link} to={paths.signin.getHref()} fw={600}>
          Back to Log In
        </Anchor>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
