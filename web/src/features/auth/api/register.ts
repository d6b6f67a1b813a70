import { API_PATHS } from '@contract';
import type { Envelope, RegisterFields, SessionUser } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = RegisterFields & { avatar: File; coverImage?: File | null };

export function toRegisterForm(input: RegisterInput): FormData {
  const form = new FormData();
  form.append('username', input.username);
  form.append('email', input.email);
  form.append('password', input.password);
  form.append('fullName', input.fullName);
  form.append('avatar', input.avatar);
  if (input.coverImage) form.append('coverImage', input.coverImage);
  return form;
}

/**
 * The new account, and whether it waits for a moderator's approval (the server answers 202
 * when registration asks for approval; 403 while sign-ups are closed).
 */
export async function register(
  input: RegisterInput,
): Promise<{ user: SessionUser; awaitingApproval: boolean }> {
  const answer = await apiRequest<Envelope<{ user: SessionUser }>>(API_PATHS.register, {
    method: 'POST',
    form: toRegisterForm(input),
  });
  return { user: answer.data.user, awaitingApproval: answer.statusCode === 202 };
}

/** Sign-up does not sign the user in: the flow continues on the sign-in page. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
