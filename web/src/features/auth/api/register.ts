import { API_PATHS } from '@contract';
import type { RegisterFields, SessionUser } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

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

export async function register(input: RegisterInput): Promise<SessionUser> {
  const data = await apiData<{ user: SessionUser }>(API_PATHS.register, {
    method: 'POST',
    form: toRegisterForm(input),
  });
  return data.user;
}

/** Sign-up does not sign the user in: the flow continues on the sign-in page. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
