import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../client';
import { userApi, validatorApi } from '../endpoints';
import type { ChangePasswordBody, RegistrationBody, ResetPasswordBody, UserOut, UserUpdateBody } from '../types';
import { selfKey } from './auth';

/** Every field of the user, so that a PUT never resets a flag the form does not show. */
export function fullUserBody(user: UserOut, changes: Partial<UserUpdateBody>): UserUpdateBody {
  return {
    id: user.id,
    username: user.username ?? '',
    fullName: user.fullName ?? '',
    email: user.email,
    authMethod: user.authMethod,
    admin: user.admin,
    group: user.group,
    household: user.household,
    groupId: user.groupId,
    householdId: user.householdId,
    advanced: user.advanced,
    canInvite: user.canInvite,
    canManage: user.canManage,
    canManageHousehold: user.canManageHousehold,
    canOrganize: user.canOrganize,
    ...changes,
  };
}

function useInvalidateSelf() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: selfKey });
}

export function useUpdateSelf() {
  const invalidate = useInvalidateSelf();
  return useMutation({
    mutationFn: ({ user, changes }: { user: UserOut; changes: Partial<UserUpdateBody> }) =>
      unwrap(userApi.update(user.id, fullUserBody(user, changes))),
    onSuccess: invalidate,
  });
}

/** Resolves to the ApiResult so the form can tell a wrong current password (400) from other errors. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => userApi.changePassword(body) });
}

export function useCreateApiToken() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: (name: string) => unwrap(userApi.createApiToken(name)), onSuccess: invalidate });
}

export function useDeleteApiToken() {
  const invalidate = useInvalidateSelf();
  return useMutation({ mutationFn: (id: number) => unwrap(userApi.deleteApiToken(id)), onSuccess: invalidate });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegistrationBody) => unwrap(userApi.register(body)) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => unwrap(userApi.forgotPassword(email)) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => unwrap(userApi.resetPassword(body)) });
}

export type UniqueField = 'username' | 'email' | 'group';

/** Server uniqueness check; resolves to true (free), false (taken) or null (could not tell). */
export async function checkUnique(field: UniqueField, value: string): Promise<boolean | null> {
  const call =
    field === 'username' ? validatorApi.userName : field === 'email' ? validatorApi.userEmail : validatorApi.groupName;
  const { data } = await call(value);
  return data ? data.valid : null;
}
