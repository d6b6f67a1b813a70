import { LIMITS, registerFieldsSchema } from '@contract';
import type { FieldError, RegisterFields } from '@contract';

export type SignupValues = RegisterFields & { avatar: File | null; coverImage: File | null };

export type SignupProblem = { message: string; fieldErrors: FieldError[] };

const MAX_MB = LIMITS.imageMaxBytes / (1024 * 1024);

function checkImage(
  field: 'avatar' | 'coverImage',
  label: string,
  file: File | null,
): FieldError[] {
  if (!file) return [];
  if (!file.type.startsWith('image/'))
    return [{ field, message: `${label} must be an image file.` }];
  if (file.size > LIMITS.imageMaxBytes) {
    return [{ field, message: `${label} must be at most ${MAX_MB} MB.` }];
  }
  return [];
}

/**
 * Catches what the server would reject anyway, with the same wording (the text rules come from
 * the shared contract), so people are not made to wait for a round trip. The server still decides.
 */
export function validateSignup(values: SignupValues): SignupProblem | null {
  const parsed = registerFieldsSchema.safeParse(values);
  const fieldErrors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ''),
        message: issue.message,
      }));
  if (!values.avatar) fieldErrors.push({ field: 'avatar', message: 'Avatar is required.' });
  fieldErrors.push(...checkImage('avatar', 'Avatar', values.avatar));
  fieldErrors.push(...checkImage('coverImage', 'Cover image', values.coverImage));
  if (fieldErrors.length === 0) return null;
  const [first] = fieldErrors;
  return {
    message: fieldErrors.length === 1 && first ? first.message : 'Please correct the following:',
    fieldErrors,
  };
}

export type SignupTextField = 'email' | 'username' | 'fullName' | 'password';

/** The longest each text field may be, as the server's rules say (the contract's limits). */
export const SIGNUP_MAX_LENGTH: Record<SignupTextField, number> = {
  email: LIMITS.emailMax,
  username: LIMITS.usernameMax,
  fullName: LIMITS.fullNameMax,
  password: LIMITS.passwordMax,
};

/**
 * Each text field's first problem under the server's rules (the contract's schema), for
 * saying it under the field while the person types rather than after submitting.
 */
export function signupFieldProblems(
  values: Pick<SignupValues, SignupTextField>,
): Partial<Record<SignupTextField, string>> {
  const parsed = registerFieldsSchema.safeParse(values);
  const problems: Partial<Record<SignupTextField, string>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as SignupTextField;
    if (field in SIGNUP_MAX_LENGTH && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}
