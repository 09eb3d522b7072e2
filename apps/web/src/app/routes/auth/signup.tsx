import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { AuthLayout } from '../../layouts/auth-layout';

/** /signup (000 §2-§5): registration; success goes to /thank-you. */
export default function SignupRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      wide
      title="Register your agency"
      subtitle="After registering you will get a verification call; the admin then e-mails your login details."
      footer={
        <>
          Already registered?{' '}
          <Anchor component={Link} to={paths.signin.getHref()} fw={600}>
            Log In
          </Anchor>
        </>
      }
    >
      <RegisterForm onSuccess={() => void navigate(paths.thankYou.getHref())} />
    </AuthLayout>
  );
}
