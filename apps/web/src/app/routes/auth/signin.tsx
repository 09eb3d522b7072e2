import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthLayout } from '../../layouts/auth-layout';

/** /signin (000 §2): on success the session is stored and the user goes to /dashboard. */
export default function SigninRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Log In"
      subtitle="Welcome back. Sign in to your agency portal."
      footer={
        <>
          New agency?{' '}
          <Anchor component={Link} to={paths.signup.getHref()} fw={600}>
            Register
          </Anchor>
        </>
      }
    >
      <LoginForm onSuccess={() => void navigate(paths.dashboard.root.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
