import { LIMITS, MESSAGES, ROUTES } from '@contract';
import type { FieldError } from '@contract';
import { LoaderCircle } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import {
  SIGNUP_MAX_LENGTH,
  signupFieldProblems,
  validateSignup,
  type SignupProblem,
  type SignupTextField,
} from '../utils/validate-signup';
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
  const [text, setText] = useState<Record<SignupTextField, string>>({
    email: '',
    username: '',
    fullName: '',
    password: '',
  });
  // A field's problem shows once the person has typed in it (not before they have started).
  const [typed, setTyped] = useState<Partial<Record<SignupTextField, boolean>>>({});
  const live = signupFieldProblems(text);
  /** The props that make a text field show its limit and its problem as it is typed. */
  const limited = (field: SignupTextField) => ({
    name: field,
    value: text[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setText((current) => ({ ...current, [field]: value }));
      setTyped((current) => (current[field] ? current : { ...current, [field]: true }));
    },
    counter: { used: text[field].length, max: SIGNUP_MAX_LENGTH[field] },
    error: typed[field] ? (live[field] ?? null) : null,
  });

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
          type="email"
          autoComplete="email"
          required
          invalid={invalid('email')}
          {...limited('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            invalid={invalid('username')}
            hint={`${LIMITS.usernameMin} to ${LIMITS.usernameMax} letters, digits, dots, dashes or underscores.`}
            {...limited('username')}
          />
          <TextField
            label="FullName"
            autoComplete="name"
            required
            invalid={invalid('fullName')}
            hint={`Up to ${LIMITS.fullNameMax} characters.`}
            {...limited('fullName')}
          />
        </div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          invalid={invalid('password')}
          hint={`${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters; not a common password, a sequence or your username.`}
          {...limited('password')}
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
