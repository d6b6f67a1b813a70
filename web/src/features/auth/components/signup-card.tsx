import { LIMITS, MESSAGES, ROUTES } from '@contract';
import type { FieldError } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { validateSignup, type SignupProblem } from '../utils/validate-signup';
import { AuthCardShell } from './auth-card-shell';
import type { SigninState } from './signin-card';

function problemFromError(error: unknown): SignupProblem {
  return {
    message: errorMessage(error, MESSAGES.registrationFailed),
    fieldErrors: isApiError(error) ? error.fieldErrors : [],
  };
}

export function SignupCard() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as SigninState | null)?.from;
  const register = useRegister();
  const [clientProblem, setClientProblem] = useState<SignupProblem | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const file = (name: string) => {
      const value = form.get(name);
      // An untouched file input still submits an empty, nameless File.
      return value instanceof File && value.name !== '' ? value : null;
    };
    const values = {
      email: text('email'),
      username: text('username'),
      fullName: text('fullName'),
      password: text('password'),
      avatar: file('avatar'),
      coverImage: file('coverImage'),
    };

    const problem = validateSignup(values);
    setClientProblem(problem);
    register.reset();
    if (problem || !values.avatar) return;

    register.mutate(
      {
        email: values.email.trim(),
        username: values.username.trim(),
        fullName: values.fullName.trim(),
        password: values.password,
        avatar: values.avatar,
        coverImage: values.coverImage,
      },
      {
        onSuccess: ({ awaitingApproval }) => {
          const state: SigninState = {
            registered: true,
            ...(awaitingApproval ? { awaitingApproval } : {}),
            ...(from ? { from } : {}),
          };
          void navigate(ROUTES.signin, { state });
        },
      },
    );
  };

  const problem = clientProblem ?? (register.error ? problemFromError(register.error) : null);
  const invalid = (field: string) =>
    problem?.fieldErrors.some((error: FieldError) => error.field === field) ?? false;

  return (
    <AuthCardShell
      title="Create your account"
      subtitle="to start sharing on Vidshare"
      className="max-w-lg"
    >
      <form className="flex flex-col gap-4" onSubmit={onSubmit}>
        {problem ? (
          <FormError
            message={problem.message}
            details={problem.fieldErrors.map((error) => error.message)}
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          invalid={invalid('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            invalid={invalid('username')}
          />
          <TextField
            label="FullName"
            name="fullName"
            autoComplete="name"
            required
            invalid={invalid('fullName')}
          />
        </div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          invalid={invalid('password')}
          hint={`At least ${LIMITS.passwordMin} characters; not a common password, a sequence or your username.`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Avatar"
            name="avatar"
            type="file"
            accept="image/*"
            required
            invalid={invalid('avatar')}
          />
          <TextField
            label="Cover Image"
            name="coverImage"
            type="file"
            accept="image/*"
            invalid={invalid('coverImage')}
            hint="Optional"
          />
        </div>
        <button
          type="submit"
          disabled={register.isPending}
          className={`${buttonStyles.primary} mt-2`}
        >
          {register.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
          Sign Up
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link
          to={ROUTES.signin}
          state={from ? { from } : undefined}
          className="font-medium text-accent hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthCardShell>
  );
}
