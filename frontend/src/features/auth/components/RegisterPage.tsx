import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Scissors, User } from 'lucide-react';
import { REGISTRATION_DISABLED_MESSAGE, registerSchema, withPasswordMin, type RegisterInput } from '@barber/shared';
import { ACCOUNT_INPUTS } from '../../../components/formInputs';
import { RegisteredFields } from '../../../components/RegisteredFields';
import { InputField } from '../../../components/ui/FormField';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { register as registerAccount } from '../../../stores/session';
import { usePasswordMinLength, usePublicSettings } from '../../../lib/publicSettings';
import { AUTH_REDIRECT_DELAY_MS } from '../lib/redirect';
import { AUTH_LINK_CLASS, AuthCard, AuthForm } from './AuthCard';

type AccountType = 'customer' | 'barber';

/** Registration screen (docs/spec/customer-side.md §2.6). */
export function RegisterPage() {
  usePageTitle('Create an account');
  const [, navigate] = useLocation();
  const [accountType, setAccountType] = useState<AccountType>('customer');
  // The platform's passwordMinLength, as the server will check it.
  const { getMin } = usePasswordMinLength();
  // Closed by the administrator: said before anyone fills in the form the server would refuse.
  const closed = usePublicSettings().data?.registrationEnabled === false;
  const schema = useMemo(() => withPasswordMin(registerSchema, 'password', getMin), [getMin]);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      phone: '',
      password: '',
      isBarber: false,
    } satisfies RegisterInput,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await registerAccount({ ...values, isBarber: accountType === 'barber' });
      setTimeout(() => navigate('/'), AUTH_REDIRECT_DELAY_MS);
    } catch (error) {
      // The session store toasts the failure; the screen only logs it (docs/spec/customer-side.md §4).
      console.error('Registration failed', error);
    }
  });

  return (
    <AuthCard title="Create an account" description="Enter your details below to create your account">
      {closed ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {REGISTRATION_DISABLED_MESSAGE}
        </p>
      ) : (
        <>
          <Tabs value={accountType} onValueChange={(v) => setAccountType(v === 'barber' ? 'barber' : 'customer')}>
            <TabsList className="grid w-full grid-cols-2" aria-label="Account type">
              <TabsTrigger value="customer">
                <User className="size-4" aria-hidden="true" />
                Customer
              </TabsTrigger>
              <TabsTrigger value="barber">
                <Scissors className="size-4" aria-hidden="true" />
                Barber
              </TabsTrigger>
            </TabsList>
            <TabsContent value="customer" className="text-center text-sm text-zinc-700">
              Discover and book top barbers in your area
            </TabsContent>
            <TabsContent value="barber" className="text-center text-sm text-zinc-700">
              Showcase your services and grow your client base
            </TabsContent>
          </Tabs>

          <AuthForm
            onSubmit={onSubmit}
            pending={isSubmitting}
            submitLabel="Create account"
            pendingLabel="Creating account..."
          >
            <RegisteredFields
              inputs={ACCOUNT_INPUTS}
              register={register}
              errors={errors}
              labels={{ fullName: 'Full Name', username: 'Username', email: 'Email', phone: 'Phone (optional)' }}
            />
            <InputField
              label="Password"
              error={errors.password?.message}
              type="password"
              autoComplete="new-password"
              {...register('password')}
            />
          </AuthForm>
        </>
      )}

      <div className="space-y-2 text-center text-sm text-zinc-700">
        <p>
          Already have an account?{' '}
          <Link href="/login" className={AUTH_LINK_CLASS}>
            Sign in
          </Link>
        </p>
        <p>
          <Link href="/" className={AUTH_LINK_CLASS}>
            Back to home
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
